import pypto.language as pl

@pl.program
class main_program:
    @pl.function(type=pl.FunctionType.InCore)
    def main_incore_0(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y: pl.Tensor[[64], pl.FP32] = pl.tensor.add(x, x)
        return y

    @pl.function(type=pl.FunctionType.InCore)
    def main_incore_1(self, y: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        z: pl.Tensor[[64], pl.FP32] = pl.tensor.mul(y, y)
        return z

    @pl.function(type=pl.FunctionType.InCore)
    def main_incore_2(self, z: pl.Tensor[[64], pl.FP32], y: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        w: pl.Tensor[[64], pl.FP32] = pl.tensor.sub(z, y)
        return w

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        main_incore_0_task: pl.Tuple[pl.Tensor[[64], pl.FP32], pl.Scalar[pl.TASK_ID]] = pl.submit(self.main_incore_0, x)
        y: pl.Tensor[[64], pl.FP32] = main_incore_0_task[0]
        first: pl.Scalar[pl.TASK_ID] = main_incore_0_task[1]
        main_incore_1_task: pl.Tuple[pl.Tensor[[64], pl.FP32], pl.Scalar[pl.TASK_ID]] = pl.submit(self.main_incore_1, y, deps=[first], allow_early_resolve=True)
        z: pl.Tensor[[64], pl.FP32] = main_incore_1_task[0]
        second: pl.Scalar[pl.TASK_ID] = main_incore_1_task[1]
        main_incore_2_task: pl.Tuple[pl.Tensor[[64], pl.FP32], pl.Scalar[pl.TASK_ID]] = pl.submit(self.main_incore_2, z, y, deps=[first, second])
        w: pl.Tensor[[64], pl.FP32] = main_incore_2_task[0]
        return w
