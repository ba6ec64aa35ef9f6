import pypto.language as pl

# Generated: an if with 299 elifs. The parser stops at 200 levels of nesting.
@pl.function(type=pl.FunctionType.Opaque)
def f(n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    if n == 0:
        pass
    elif n == 1:
        pass
    elif n == 2:
        pass
    elif n == 3:
        pass
    elif n == 4:
        pass
    elif n == 5:
        pass
    elif n == 6:
        pass
    elif n == 7:
        pass
    elif n == 8:
        pass
    elif n == 9:
        pass
    elif n == 10:
        pass
    elif n == 11:
        pass
    elif n == 12:
        pass
    elif n == 13:
        pass
    elif n == 14:
        pass
    elif n == 15:
        pass
    elif n == 16:
        pass
    elif n == 17:
        pass
    elif n == 18:
        pass
    elif n == 19:
        pass
    elif n == 20:
        pass
    elif n == 21:
        pass
    elif n == 22:
        pass
    elif n == 23:
        pass
    elif n == 24:
        pass
    elif n == 25:
        pass
    elif n == 26:
        pass
    elif n == 27:
        pass
    elif n == 28:
        pass
    elif n == 29:
        pass
    elif n == 30:
        pass
    elif n == 31:
        pass
    elif n == 32:
        pass
    elif n == 33:
        pass
    elif n == 34:
        pass
    elif n == 35:
        pass
    elif n == 36:
        pass
    elif n == 37:
        pass
    elif n == 38:
        pass
    elif n == 39:
        pass
    elif n == 40:
        pass
    elif n == 41:
        pass
    elif n == 42:
        pass
    elif n == 43:
        pass
    elif n == 44:
        pass
    elif n == 45:
        pass
    elif n == 46:
        pass
    elif n == 47:
        pass
    elif n == 48:
        pass
    elif n == 49:
        pass
    elif n == 50:
        pass
    elif n == 51:
        pass
    elif n == 52:
        pass
    elif n == 53:
        pass
    elif n == 54:
        pass
    elif n == 55:
        pass
    elif n == 56:
        pass
    elif n == 57:
        pass
    elif n == 58:
        pass
    elif n == 59:
        pass
    elif n == 60:
        pass
    elif n == 61:
        pass
    elif n == 62:
        pass
    elif n == 63:
        pass
    elif n == 64:
        pass
    elif n == 65:
        pass
    elif n == 66:
        pass
    elif n == 67:
        pass
    elif n == 68:
        pass
    elif n == 69:
        pass
    elif n == 70:
        pass
    elif n == 71:
        pass
    elif n == 72:
        pass
    elif n == 73:
        pass
    elif n == 74:
        pass
    elif n == 75:
        pass
    elif n == 76:
        pass
    elif n == 77:
        pass
    elif n == 78:
        pass
    elif n == 79:
        pass
    elif n == 80:
        pass
    elif n == 81:
        pass
    elif n == 82:
        pass
    elif n == 83:
        pass
    elif n == 84:
        pass
    elif n == 85:
        pass
    elif n == 86:
        pass
    elif n == 87:
        pass
    elif n == 88:
        pass
    elif n == 89:
        pass
    elif n == 90:
        pass
    elif n == 91:
        pass
    elif n == 92:
        pass
    elif n == 93:
        pass
    elif n == 94:
        pass
    elif n == 95:
        pass
    elif n == 96:
        pass
    elif n == 97:
        pass
    elif n == 98:
        pass
    elif n == 99:
        pass
    elif n == 100:
        pass
    elif n == 101:
        pass
    elif n == 102:
        pass
    elif n == 103:
        pass
    elif n == 104:
        pass
    elif n == 105:
        pass
    elif n == 106:
        pass
    elif n == 107:
        pass
    elif n == 108:
        pass
    elif n == 109:
        pass
    elif n == 110:
        pass
    elif n == 111:
        pass
    elif n == 112:
        pass
    elif n == 113:
        pass
    elif n == 114:
        pass
    elif n == 115:
        pass
    elif n == 116:
        pass
    elif n == 117:
        pass
    elif n == 118:
        pass
    elif n == 119:
        pass
    elif n == 120:
        pass
    elif n == 121:
        pass
    elif n == 122:
        pass
    elif n == 123:
        pass
    elif n == 124:
        pass
    elif n == 125:
        pass
    elif n == 126:
        pass
    elif n == 127:
        pass
    elif n == 128:
        pass
    elif n == 129:
        pass
    elif n == 130:
        pass
    elif n == 131:
        pass
    elif n == 132:
        pass
    elif n == 133:
        pass
    elif n == 134:
        pass
    elif n == 135:
        pass
    elif n == 136:
        pass
    elif n == 137:
        pass
    elif n == 138:
        pass
    elif n == 139:
        pass
    elif n == 140:
        pass
    elif n == 141:
        pass
    elif n == 142:
        pass
    elif n == 143:
        pass
    elif n == 144:
        pass
    elif n == 145:
        pass
    elif n == 146:
        pass
    elif n == 147:
        pass
    elif n == 148:
        pass
    elif n == 149:
        pass
    elif n == 150:
        pass
    elif n == 151:
        pass
    elif n == 152:
        pass
    elif n == 153:
        pass
    elif n == 154:
        pass
    elif n == 155:
        pass
    elif n == 156:
        pass
    elif n == 157:
        pass
    elif n == 158:
        pass
    elif n == 159:
        pass
    elif n == 160:
        pass
    elif n == 161:
        pass
    elif n == 162:
        pass
    elif n == 163:
        pass
    elif n == 164:
        pass
    elif n == 165:
        pass
    elif n == 166:
        pass
    elif n == 167:
        pass
    elif n == 168:
        pass
    elif n == 169:
        pass
    elif n == 170:
        pass
    elif n == 171:
        pass
    elif n == 172:
        pass
    elif n == 173:
        pass
    elif n == 174:
        pass
    elif n == 175:
        pass
    elif n == 176:
        pass
    elif n == 177:
        pass
    elif n == 178:
        pass
    elif n == 179:
        pass
    elif n == 180:
        pass
    elif n == 181:
        pass
    elif n == 182:
        pass
    elif n == 183:
        pass
    elif n == 184:
        pass
    elif n == 185:
        pass
    elif n == 186:
        pass
    elif n == 187:
        pass
    elif n == 188:
        pass
    elif n == 189:
        pass
    elif n == 190:
        pass
    elif n == 191:
        pass
    elif n == 192:
        pass
    elif n == 193:
        pass
    elif n == 194:
        pass
    elif n == 195:
        pass
    elif n == 196:
        pass
    elif n == 197:
        pass
    elif n == 198:
        pass
    elif n == 199:
        pass
    elif n == 200:
        pass
    elif n == 201:
        pass
    elif n == 202:
        pass
    elif n == 203:
        pass
    elif n == 204:
        pass
    elif n == 205:
        pass
    elif n == 206:
        pass
    elif n == 207:
        pass
    elif n == 208:
        pass
    elif n == 209:
        pass
    elif n == 210:
        pass
    elif n == 211:
        pass
    elif n == 212:
        pass
    elif n == 213:
        pass
    elif n == 214:
        pass
    elif n == 215:
        pass
    elif n == 216:
        pass
    elif n == 217:
        pass
    elif n == 218:
        pass
    elif n == 219:
        pass
    elif n == 220:
        pass
    elif n == 221:
        pass
    elif n == 222:
        pass
    elif n == 223:
        pass
    elif n == 224:
        pass
    elif n == 225:
        pass
    elif n == 226:
        pass
    elif n == 227:
        pass
    elif n == 228:
        pass
    elif n == 229:
        pass
    elif n == 230:
        pass
    elif n == 231:
        pass
    elif n == 232:
        pass
    elif n == 233:
        pass
    elif n == 234:
        pass
    elif n == 235:
        pass
    elif n == 236:
        pass
    elif n == 237:
        pass
    elif n == 238:
        pass
    elif n == 239:
        pass
    elif n == 240:
        pass
    elif n == 241:
        pass
    elif n == 242:
        pass
    elif n == 243:
        pass
    elif n == 244:
        pass
    elif n == 245:
        pass
    elif n == 246:
        pass
    elif n == 247:
        pass
    elif n == 248:
        pass
    elif n == 249:
        pass
    elif n == 250:
        pass
    elif n == 251:
        pass
    elif n == 252:
        pass
    elif n == 253:
        pass
    elif n == 254:
        pass
    elif n == 255:
        pass
    elif n == 256:
        pass
    elif n == 257:
        pass
    elif n == 258:
        pass
    elif n == 259:
        pass
    elif n == 260:
        pass
    elif n == 261:
        pass
    elif n == 262:
        pass
    elif n == 263:
        pass
    elif n == 264:
        pass
    elif n == 265:
        pass
    elif n == 266:
        pass
    elif n == 267:
        pass
    elif n == 268:
        pass
    elif n == 269:
        pass
    elif n == 270:
        pass
    elif n == 271:
        pass
    elif n == 272:
        pass
    elif n == 273:
        pass
    elif n == 274:
        pass
    elif n == 275:
        pass
    elif n == 276:
        pass
    elif n == 277:
        pass
    elif n == 278:
        pass
    elif n == 279:
        pass
    elif n == 280:
        pass
    elif n == 281:
        pass
    elif n == 282:
        pass
    elif n == 283:
        pass
    elif n == 284:
        pass
    elif n == 285:
        pass
    elif n == 286:
        pass
    elif n == 287:
        pass
    elif n == 288:
        pass
    elif n == 289:
        pass
    elif n == 290:
        pass
    elif n == 291:
        pass
    elif n == 292:
        pass
    elif n == 293:
        pass
    elif n == 294:
        pass
    elif n == 295:
        pass
    elif n == 296:
        pass
    elif n == 297:
        pass
    elif n == 298:
        pass
    elif n == 299:
        pass
    return n
