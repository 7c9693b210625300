/**
 * BabelStream's kernels (stream.cl) in the Java routes, float and double: copy, mul, add and triad
 * one work-item per element, dot a grid-stride loop and a tree in local memory that leaves one
 * partial per group. The names start with {@code stream}: TornadoVM names the OpenCL kernel after
 * the method, and a kernel named like a builtin ({@code dot}) fails to build. Triad is a product
 * and a sum, which the OpenCL compiler below Aparapi and TornadoVM may contract (the check allows
 * that rounding); its product is read first, as the emulator's memory model has always seen it.
 */
//#for T=float,double Ty=Float,Double Z=0f,0.0
//#kernel stream.copy.$T$ streamCopy$Ty$ a:$T$[] c:$T$[] n:int
        int i = $gid$;
        if (i < n) {
            c.set(i, a.get(i));
        }
//#end

//#kernel stream.mul.$T$ streamMul$Ty$ b:$T$[] c:$T$[] scalar:$T$ n:int
        int i = $gid$;
        if (i < n) {
            b.set(i, scalar * c.get(i));
        }
//#end

//#kernel stream.add.$T$ streamAdd$Ty$ a:$T$[] b:$T$[] c:$T$[] n:int
        int i = $gid$;
        if (i < n) {
            c.set(i, a.get(i) + b.get(i));
        }
//#end

//#kernel stream.triad.$T$ streamTriad$Ty$ a:$T$[] b:$T$[] c:$T$[] scalar:$T$ n:int
        int i = $gid$;
        if (i < n) {
            a.set(i, scalar * c.get(i) + b.get(i));
        }
//#end

    /** The local size is a power of two (the host checks it). */
//#kernel stream.dot.$T$ streamDot$Ty$ a:$T$[] b:$T$[] sum:$T$[] n:int scratch:$T$[local]
        $T$ acc = $Z$;
        for (int i = $gid$; i < n; i += $gsize$) {
            acc += a.get(i) * b.get(i);
        }
        scratch[$lid$] = acc;
//#tree scratch
        if ($lid$ == 0) {
            sum.set($group$, scratch[0]);
        }
//#end

//#end
