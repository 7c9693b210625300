package dev.perfport.workloads.matmul;

import dev.perfport.workloads.Params;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** compare runs matmul-static's ndrange once per case: it reads neither k nor mapping. */
class MatmulStaticCasesTest {

    @Test
    void ndrangeRunsOncePerCaseTheStaticVariantOncePerK() {
        MatmulStatic w = new MatmulStatic();
        List<Params> cases = w.compareCases(Params.of("k", "1,2,4"));
        assertEquals(3, cases.size(), cases.toString());
        assertEquals(cases, w.casesOf(MatmulStatic.STATIC, cases));
        List<Params> nd = w.casesOf(MatmulStatic.NDRANGE, cases);
        assertEquals(List.of(cases.getFirst()), nd);
        // the default sweep (k = 1, res/4, res/2, res) too
        List<Params> sweep = w.compareCases(Params.of());
        assertEquals(1, w.casesOf(MatmulStatic.NDRANGE, sweep).size(), sweep.toString());
        assertEquals(sweep.size(), w.casesOf(MatmulStatic.STATIC, sweep).size());
        // a case that differs in a parameter ndrange reads is kept
        List<Params> sizes = List.of(Params.of("M", "64", "k", "1"), Params.of("M", "64", "k", "2"), Params.of("M", "128", "k", "1"));
        assertEquals(List.of(sizes.get(0), sizes.get(2)), w.casesOf(MatmulStatic.NDRANGE, sizes));
    }
}
