// .npy encoding and decoding (numpy format 1.0).
#include "tilesplit/sim/npy.h"

#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>

#include "tilesplit/ir/error.h"

namespace tilesplit::sim {

namespace {

uint16_t FloatToHalfBits(float v) {
  uint32_t b;
  std::memcpy(&b, &v, 4);
  const uint16_t sign = static_cast<uint16_t>((b >> 16) & 0x8000u);
  if (std::isnan(v)) return sign | 0x7E00u;
  float a = std::fabs(v);
  if (std::isinf(v) || a >= 65520.0f) return sign | 0x7C00u;
  if (a < std::ldexp(1.0f, -14)) {  // subnormal: multiples of 2^-24
    return sign | static_cast<uint16_t>(std::nearbyint(a * std::ldexp(1.0f, 24)));
  }
  int e;
  float m = std::frexp(a, &e);  // a = m * 2^e, m in [0.5, 1)
  uint32_t mant = static_cast<uint32_t>(std::nearbyint((m * 2.0f - 1.0f) * 1024.0f));
  int exp = e - 1 + 15;
  if (mant == 1024) {
    mant = 0;
    ++exp;
  }
  return sign | static_cast<uint16_t>(exp << 10) | static_cast<uint16_t>(mant);
}

float HalfBitsToFloat(uint16_t h) {
  const float sign = (h & 0x8000u) ? -1.0f : 1.0f;
  const int exp = (h >> 10) & 0x1F;
  const int mant = h & 0x3FF;
  if (exp == 0) return sign * std::ldexp(static_cast<float>(mant), -24);
  if (exp == 31) return mant ? NAN : sign * INFINITY;
  return sign * std::ldexp(1.0f + mant / 1024.0f, exp - 15);
}

struct Descr {
  char kind;  // 'f', 'i', 'u', 'b'
  int bytes;
};

bool ParseDescr(const std::string& d, Descr* out) {
  if (d.size() < 3) return false;
  if (d[0] != '<' && d[0] != '|' && d[0] != '=') return false;
  out->kind = d[1];
  out->bytes = std::atoi(d.c_str() + 2);
  switch (out->kind) {
    case 'f':
      return out->bytes == 2 || out->bytes == 4 || out->bytes == 8;
    case 'i':
    case 'u':
      return out->bytes == 1 || out->bytes == 2 || out->bytes == 4 || out->bytes == 8;
    case 'b':
      return out->bytes == 1;
    default:
      return false;
  }
}

std::string ShapeText(const std::vector<int64_t>& shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i) {
    s += std::to_string(shape[i]);
    s += (shape.size() == 1 || i + 1 < shape.size()) ? "," : "";
    if (i + 1 < shape.size()) s += " ";
  }
  return s + ")";
}

// The value of `key` in the header dict, as raw text up to the next top-level comma.
std::string HeaderField(const std::string& h, const std::string& key) {
  size_t p = h.find("'" + key + "'");
  if (p == std::string::npos) return "";
  p = h.find(':', p);
  if (p == std::string::npos) return "";
  ++p;
  while (p < h.size() && h[p] == ' ') ++p;
  if (p < h.size() && h[p] == '(') {
    size_t q = h.find(')', p);
    return q == std::string::npos ? "" : h.substr(p, q - p + 1);
  }
  size_t q = p;
  while (q < h.size() && h[q] != ',' && h[q] != '}') ++q;
  std::string v = h.substr(p, q - p);
  while (!v.empty() && v.back() == ' ') v.pop_back();
  if (v.size() >= 2 && v.front() == '\'' && v.back() == '\'') v = v.substr(1, v.size() - 2);
  return v;
}

}  // namespace

std::string NpyDescr(DataType dt) {
  switch (dt) {
    case DataType::FP16:
      return "<f2";
    case DataType::BOOL:
      return "|b1";
    case DataType::INT8:
    case DataType::INT4:
      return "|i1";
    case DataType::UINT8:
    case DataType::UINT4:
      return "|u1";
    case DataType::INT16:
      return "<i2";
    case DataType::UINT16:
      return "<u2";
    case DataType::INT32:
      return "<i4";
    case DataType::UINT32:
      return "<u4";
    case DataType::INT64:
    case DataType::INDEX:
      return "<i8";
    case DataType::UINT64:
      return "<u8";
    default:
      return "<f4";
  }
}

std::string EncodeNpy(const TensorValue& t) {
  const std::string descr = NpyDescr(t.dtype);
  std::string header =
      "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + ShapeText(t.shape) + ", }";
  // magic(6) + version(2) + len(2) + header + '\n' must be a multiple of 64.
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header.push_back('\n');
  std::string out = "\x93NUMPY";
  out.push_back('\x01');
  out.push_back('\x00');
  out.push_back(static_cast<char>(header.size() & 0xFF));
  out.push_back(static_cast<char>((header.size() >> 8) & 0xFF));
  out += header;
  Descr d;
  ParseDescr(descr, &d);
  const size_t n = t.data.size();
  for (size_t i = 0; i < n; ++i) {
    char bytes[8] = {};
    if (d.kind == 'f' && d.bytes == 4) {
      float v = t.data.f[i];
      std::memcpy(bytes, &v, 4);
    } else if (d.kind == 'f') {
      uint16_t h = FloatToHalfBits(t.data.f[i]);
      std::memcpy(bytes, &h, 2);
    } else {
      int64_t v = t.data.kind == StorageKind::I64 ? t.data.i[i] : 0;
      std::memcpy(bytes, &v, static_cast<size_t>(d.bytes));  // little-endian host
    }
    out.append(bytes, static_cast<size_t>(d.bytes));
  }
  return out;
}

void WriteNpy(const std::string& path, const TensorValue& t) {
  std::ofstream f(path, std::ios::binary);
  const std::string bytes = EncodeNpy(t);
  f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!f) ir::ThrowUser({}, "cannot write '" + path + "'");
}

TensorPtr DecodeNpy(const std::string& bytes, const std::string& what, const std::string& name,
                    DataType dt, const std::vector<int64_t>& shape) {
  auto fail = [&](const std::string& m) { ir::ThrowUser({}, what + ": " + m); };
  if (bytes.size() < 10 || bytes.compare(0, 6, "\x93NUMPY") != 0) fail("not a .npy file");
  const int major = static_cast<unsigned char>(bytes[6]);
  size_t hlen, hstart;
  if (major == 1) {
    hlen = static_cast<unsigned char>(bytes[8]) | (static_cast<unsigned char>(bytes[9]) << 8);
    hstart = 10;
  } else if (major == 2 || major == 3) {
    if (bytes.size() < 12) fail("truncated header");
    hlen = 0;
    for (int k = 0; k < 4; ++k)
      hlen |= static_cast<size_t>(static_cast<unsigned char>(bytes[8 + k])) << (8 * k);
    hstart = 12;
  } else {
    fail("unsupported .npy version " + std::to_string(major));
  }
  if (bytes.size() < hstart + hlen) fail("truncated header");
  const std::string header = bytes.substr(hstart, hlen);
  Descr d;
  const std::string descr = HeaderField(header, "descr");
  if (!ParseDescr(descr, &d)) fail("unsupported dtype '" + descr + "'");
  const std::string order = HeaderField(header, "fortran_order");
  if (order != "False" && order != "True") fail("unreadable fortran_order '" + order + "'");
  const bool fortran = order == "True";
  std::vector<int64_t> file_shape;
  {
    std::string s = HeaderField(header, "shape");
    std::string num;
    for (char ch : s) {
      if (ch >= '0' && ch <= '9') {
        num.push_back(ch);
      } else if (!num.empty()) {
        file_shape.push_back(std::stoll(num));
        num.clear();
      }
    }
  }
  if (file_shape != shape)
    fail("shape " + ShapeText(file_shape) + " does not match the parameter's " + ShapeText(shape));
  TensorPtr t = MakeTensor(name, dt, shape, false);
  const size_t n = t->data.size();
  const size_t data_start = hstart + hlen;
  if (bytes.size() < data_start + n * static_cast<size_t>(d.bytes)) fail("truncated data");
  const char* p = bytes.data() + data_start;
  // A Fortran-order file holds the elements with the first index varying fastest: `index` counts
  // in that order and `at` is the same element's row-major position.
  std::vector<int64_t> index(shape.size(), 0);
  std::vector<size_t> row_stride(shape.size(), 1);
  for (size_t k = shape.size(); k-- > 1;)
    row_stride[k - 1] = row_stride[k] * static_cast<size_t>(shape[k]);
  for (size_t file_i = 0; file_i < n; ++file_i, p += d.bytes) {
    size_t i = file_i;
    if (fortran) {
      i = 0;
      for (size_t k = 0; k < shape.size(); ++k) i += static_cast<size_t>(index[k]) * row_stride[k];
      for (size_t k = 0; k < shape.size(); ++k) {
        if (++index[k] < shape[k]) break;
        index[k] = 0;
      }
    }
    double fv = 0;
    int64_t iv = 0;
    bool is_f = d.kind == 'f';
    if (d.kind == 'f') {
      if (d.bytes == 2) {
        uint16_t h;
        std::memcpy(&h, p, 2);
        fv = HalfBitsToFloat(h);
      } else if (d.bytes == 4) {
        float f;
        std::memcpy(&f, p, 4);
        fv = f;
      } else {
        std::memcpy(&fv, p, 8);
      }
    } else if (d.kind == 'u' || d.kind == 'b') {
      uint64_t u = 0;
      std::memcpy(&u, p, static_cast<size_t>(d.bytes));
      iv = static_cast<int64_t>(u);
    } else {
      int64_t s = 0;
      std::memcpy(&s, p, static_cast<size_t>(d.bytes));
      const int bits = d.bytes * 8;
      if (bits < 64 && ((s >> (bits - 1)) & 1)) s |= ~((int64_t{1} << bits) - 1);
      iv = s;
    }
    if (t->data.kind == StorageKind::F32)
      t->data.f[i] = RoundToDType(dt, static_cast<float>(is_f ? fv : static_cast<double>(iv)));
    else
      t->data.i[i] = WrapToDType(dt, is_f ? static_cast<int64_t>(fv) : iv);
  }
  return t;
}

TensorPtr ReadNpy(const std::string& path, const std::string& name, DataType dt,
                  const std::vector<int64_t>& shape) {
  std::ifstream f(path, std::ios::binary);
  if (!f) ir::ThrowUser({}, "cannot read '" + path + "' (input for parameter '" + name + "')");
  std::ostringstream ss;
  ss << f.rdbuf();
  return DecodeNpy(ss.str(), path, name, dt, shape);
}

}  // namespace tilesplit::sim
