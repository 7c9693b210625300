/**
 * The sample workload saxpy (saxpy.cl) in the Java routes: y = a*x + y, one work-item per element.
 */
//#kernel saxpy.saxpy saxpy a:float x:float[] y:float[] n:int
        int i = $gid$;
        if (i < n) {
            float ax = a * x.get(i);
            y.set(i, ax + y.get(i));
        }
//#end
