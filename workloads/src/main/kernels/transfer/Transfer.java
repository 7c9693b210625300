/**
 * The transfer study's own kernel (transfer.cl) in the Java routes: the thesis's naive matrix
 * multiplication (seed 002 §6.7) over a block of rows, so that each stream computes its rows of C
 * from its rows of A and all of B. One work-item per element of the block: row row0 + gi / n,
 * column gi % n.
 */
//#kernel transfer.matmul_rows matmulRows a:float[] b:float[] c:float[] n:int k:int row0:int rows:int
        int gi = $gid$;
        if (gi < rows * n) {
            int i = row0 + gi / n;
            int j = gi % n;
            float acc = (float) 0;
            for (int kk = 0; kk < k; kk++) {
                acc += a.get(i * k + kk) * b.get(kk * n + j);
            }
            c.set(i * n + j, acc);
        }
//#end
