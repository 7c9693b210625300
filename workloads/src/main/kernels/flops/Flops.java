/**
 * The multiply-add throughput kernel (flops.cl) in the Java routes, float and double: 8 chains of
 * x = x*a + b per work-item. Aparapi translates no Math.fma, so the step is a product and a sum;
 * whether they fuse is the OpenCL compiler's choice below Aparapi and TornadoVM.
 */
//#for T=float,double Ty=Float,Double F=f,d
//#if R=wg
    // its own form: every work-item's chains are the same (a, b and iters only), so the emulator computes them once per group
    static WorkGroupKernel fmaPeak$Ty$() {
        return g -> {
            int n = g.intArg(1);
            int base = (int) g.groupLinearId() * g.localItems();
            int end = base + (int) g.itemsBelow(n);
            Global$Ty$s out = g.$T$s(0);
            $T$ s = FlopsKernels.chains(g.intArg(2), g.$T$Arg(3), g.$T$Arg(4));
            for (int i = base; i < end; i++) out.set(i, s);
        };
    }
//#else
    // not "fma": TornadoVM names the OpenCL kernel after the method, and a kernel named like the builtin fails clCreateKernel (-46), then crashes PoCL
//#kernel flops.fma.$T$ fmaPeak$Ty$ out:$T$[] n:int iters:int a:$T$ b:$T$
        int i = $gid$;
        $T$ x0 = 0.0$F$;
        $T$ x1 = 0.125$F$;
        $T$ x2 = 0.25$F$;
        $T$ x3 = 0.375$F$;
        $T$ x4 = 0.5$F$;
        $T$ x5 = 0.625$F$;
        $T$ x6 = 0.75$F$;
        $T$ x7 = 0.875$F$;
        for (int k = 0; k < iters; k++) {
            x0 = x0 * a + b;
            x1 = x1 * a + b;
            x2 = x2 * a + b;
            x3 = x3 * a + b;
            x4 = x4 * a + b;
            x5 = x5 * a + b;
            x6 = x6 * a + b;
            x7 = x7 * a + b;
        }
        if (i < n) {
            out.set(i, ((x0 + x1) + (x2 + x3)) + ((x4 + x5) + (x6 + x7)));
        }
//#end
//#end

//#end
