package dev.perfport.core.checked;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Oclgrind 21.10's reports as it writes them (from a run of the Debian package), parsed. */
class OclgrindReportTest {
    private static final String LOG = """

            Invalid write of size 4 at global memory address 0x2000000000100
            \tKernel: oob
            \tEntity: Global(32,0,0) Local(0,0,0) Group(2,0,0)
            \t  store float %0, float addrspace(1)* %arrayidx2, align 4, !dbg !38, !tbaa !32
            \tAt line 3 (column 12) of input.cl:
            \t  out[i*2] = in[i];
            \t

            Write-write data race at local memory address 0x1000000000000
            \tKernel: race
            \t
            \tFirst entity:  Global(1,0,0) Local(1,0,0) Group(0,0,0)
            \t  store i32 %conv, i32 addrspace(3)* %tmp, align 4, !dbg !28, !tbaa !29
            \tAt line 7 (column 10) of input.cl:
            \t  tmp[0] = l;
            \t
            \tSecond entity: Global(0,0,0) Local(0,0,0) Group(0,0,0)
            \t  store i32 %conv, i32 addrspace(3)* %tmp, align 4, !dbg !28, !tbaa !29
            \tAt line 8 (column 10) of input.cl:
            \t  out[0] = l;
            \t

            Oclgrind: 1000 errors generated - suppressing further errors
            """;

    @Test
    void anInvalidWriteAndARaceWithOclgrindsOwnNoteLeftOut() {
        List<OclgrindReport> rs = OclgrindReport.parse(LOG);
        assertEquals(2, rs.size(), rs.toString());
        OclgrindReport w = rs.getFirst();
        assertEquals("invalid write of size 4 at global memory", w.what());
        assertEquals(2, w.buffer());
        assertEquals(256, w.offset());
        assertEquals(4, w.size());
        assertEquals("oob", w.kernel());
        assertEquals(List.of("(32,0,0)"), w.workItems());
        assertEquals(List.of(3), w.lines());
        assertEquals(List.of("out[i*2] = in[i];"), w.texts());
        OclgrindReport r = rs.get(1);
        assertEquals(true, r.race());
        assertEquals("local", r.space());
        assertEquals(List.of("(1,0,0)", "(0,0,0)"), r.workItems());
        assertEquals(List.of(7, 8), r.lines());
        assertEquals(List.of("tmp[0] = l;", "out[0] = l;"), r.texts());
    }

    /** Oclgrind's own error (here its uninitialised-value plugin meeting LLVM's freeze): one report, saying what, from two lines. */
    @Test
    void aFatalErrorIsOneReportWithItsMessage() {
        List<OclgrindReport> rs = OclgrindReport.parse("""

                OCLGRIND FATAL ERROR (./src/plugins/Uninitialized.cpp:1805)
                Unsupported instruction: freeze
                \tKernel: fft_cols
                \tEntity: Global(3,0,0) Local(3,0,0) Group(0,0,0)
                \t  %7 = freeze i32 %6
                \tAt line 12 (column 9) of input.cl:
                \t  int c = lid % cb;
                \t
                """);
        assertEquals(1, rs.size(), rs.toString());
        assertEquals("fatal error (./src/plugins/Uninitialized.cpp:1805): Unsupported instruction: freeze", rs.getFirst().what());
        assertEquals("fft_cols", rs.getFirst().kernel());
        assertEquals(List.of(12), rs.getFirst().lines());
    }

    @Test
    void aReportLineNamesMemoryAndOffsetWhereNoArgumentIsKnown() {
        String line = ReportLine.of(OclgrindReport.parse(LOG), List.of(), BufferAddresses.NONE, "Oclgrind Simulator");
        assertEquals("checked mode: Oclgrind reports an invalid write of size 4 at global memory in __kernel oob on Oclgrind Simulator: "
                + "global buffer #2 of Oclgrind at byte offset 256, element 64 of 4-byte elements, work-item (32,0,0), line 3 "
                + "`out[i*2] = in[i];` (2 reports in all)", line);
    }
}
