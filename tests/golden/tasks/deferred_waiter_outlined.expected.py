import pypto.language as pl

@pl.program
class Waiter:
    @pl.function(type=pl.FunctionType.InCore)
    def publish(self, signal: pld.DistributedTensor[[4, 1], pl.INT32]):
        for src in pl.range(4):
            pld.system.notify(signal, 0, [src, 0], 5, op=1)
        return

    @pl.function(type=pl.FunctionType.InCore, attrs={"deferred_completion_waiter": True})
    def wait_rows(self, signal: pld.DistributedTensor[[4, 1], pl.INT32]):
        wanted: pl.Scalar[pl.INDEX] = 1
        for src, (wanted_1,) in pl.range(4, init_values=(wanted,)):
            if src != 2:
                pld.system.defer_wait(signal, [src, 0], wanted_1, cmp=1)
            wanted_2: pl.Scalar[pl.INDEX] = pl.min(wanted_1 + 1, 5)
            wanted_3: pl.Scalar[pl.INDEX] = pl.yield_(wanted_2)
        return

    @pl.function(type=pl.FunctionType.InCore)
    def consume(self, x: pl.Tensor[[64], pl.FP32], out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t: pl.Tile[[64], pl.FP32] = pl.tile.load(x, [0], [64], [64])
        out_1: pl.Tensor[[64], pl.FP32] = pl.tile.store(pl.tile.add(t, t), [0], out)
        out_store: pl.Tensor[[64], pl.FP32] = out_1
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, signal: pld.DistributedTensor[[4, 1], pl.INT32], x: pl.Tensor[[64], pl.FP32], out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        self.publish(signal)
        wait_rows_task: pl.Tuple[pl.Scalar[pl.TASK_ID]] = pl.submit(self.wait_rows, signal)
        wait_tid: pl.Scalar[pl.TASK_ID] = wait_rows_task[0]
        consume_task: pl.Tuple[pl.Tensor[[64], pl.FP32], pl.Scalar[pl.TASK_ID]] = pl.submit(self.consume, x, out, deps=[wait_tid])
        out_1: pl.Tensor[[64], pl.FP32] = consume_task[0]
        return out_1
