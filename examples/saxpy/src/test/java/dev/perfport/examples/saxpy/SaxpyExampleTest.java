package dev.perfport.examples.saxpy;

import dev.perfport.core.Perfport;
import dev.perfport.core.config.PerfportConfig;
import dev.perfport.core.plugin.BackendRegistry;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The example as a user runs it: its main in a fresh JVM with the backends on the class path
 * (the perfport-backends aggregate), no plugins folder and no setting but the backend's.
 */
class SaxpyExampleTest {

    private static boolean joclAvailable() {
        BackendRegistry r = Perfport.registry(PerfportConfig.of(Map.of()));
        return r.entry("jocl").available();
    }

    @Test
    void theBackendsAreFoundOnTheClassPathWithoutAPluginsFolder() {
        BackendRegistry r = Perfport.registry(PerfportConfig.of(Map.of()));
        assertTrue(r.ids().containsAll(List.of("cell-emulation", "jocl", "aparapi")), r.ids().toString());
        for (String id : List.of("cell-emulation", "jocl", "aparapi")) {
            assertEquals(BackendRegistry.CLASSPATH, r.entry(id).origin(), id);
        }
        assertTrue(r.problems().isEmpty(), r.problems().toString());
    }

    @Test
    void mainVerifiesOnTheEmulator() throws Exception {
        ChildJvm.Result r = ChildJvm.run(Saxpy.class, "-Dperfport.backend=cell-emulation");
        System.out.print(r.output());
        assertEquals(0, r.exit(), r.output());
        assertTrue(r.output().contains("saxpy on cell-emulation (Cell/B.E. emulator (6 SPEs)): n=1000003, verified"), r.output());
        assertTrue(r.output().contains("reduction/local-atomic on cell-emulation (Cell/B.E. emulator (6 SPEs)): verified=true"), r.output());
    }

    @Test
    void mainVerifiesOnJoclChosenByConfigurationAlone() throws Exception {
        if (!joclAvailable()) {
            String why = "SKIPPED: jocl is unavailable here (no OpenCL driver; install pocl-opencl-icd)";
            System.out.println(why);
            Assumptions.abort(why);
        }
        ChildJvm.Result r = ChildJvm.run(Saxpy.class, "--enable-native-access=ALL-UNNAMED", "-Dperfport.backend=jocl");
        System.out.print(r.output());
        assertEquals(0, r.exit(), r.output());
        assertTrue(r.output().contains("saxpy on jocl (") && r.output().contains("verified (bit-identical to Java)"), r.output());
        assertTrue(r.output().contains("reduction/local-atomic on jocl (") && r.output().contains("verified=true"), r.output());
    }

    @Test
    void mainVerifiesOnAparapiWithItsOwnKernelClass() throws Exception {
        if (!Perfport.registry(PerfportConfig.of(Map.of())).entry("aparapi").available()) {
            String why = "SKIPPED: aparapi is unavailable here (no OpenCL driver; install pocl-opencl-icd)";
            System.out.println(why);
            Assumptions.abort(why);
        }
        ChildJvm.Result r = ChildJvm.run(Saxpy.class, "--enable-native-access=ALL-UNNAMED", "-Dperfport.backend=aparapi");
        System.out.print(r.output());
        assertEquals(0, r.exit(), r.output());
        assertTrue(r.output().contains("saxpy on aparapi (") && r.output().contains("verified (bit-identical to Java)"), r.output());
        assertTrue(r.output().contains("reduction/local-atomic on aparapi (") && r.output().contains("verified=true"), r.output());
    }

    /**
     * Lazy start: with every backend on the class path, a process that lists the backends and runs
     * the emulator never maps an OpenCL library (JOCL's, Aparapi's, the ICD loader, PoCL). The same
     * probe on jocl must see libOpenCL, so the check can fail.
     */
    @Test
    void anEmulatorOnlyProcessNeverLoadsOpenCl() throws Exception {
        ChildJvm.Result emu = ChildJvm.run(MapsProbe.class, "-Dperfport.backend=cell-emulation");
        assertEquals(0, emu.exit(), emu.output());
        assertTrue(emu.output().contains("MAPPED-END"), emu.output());
        assertFalse(emu.output().contains("MAPPED /"), "an emulator-only process mapped an OpenCL library:\n" + emu.output());
        // no warning about restricted native access either: nothing native was loaded
        assertFalse(emu.output().contains("restricted method"), emu.output());

        if (!joclAvailable()) {
            String why = "SKIPPED the control run: jocl is unavailable here, so libOpenCL cannot be seen loading";
            System.out.println(why);
            Assumptions.abort(why);
        }
        ChildJvm.Result cl = ChildJvm.run(MapsProbe.class, "--enable-native-access=ALL-UNNAMED", "-Dperfport.backend=jocl");
        assertEquals(0, cl.exit(), cl.output());
        assertTrue(cl.output().matches("(?s).*MAPPED \\S*libOpenCL\\S*.*"), "the probe must see libOpenCL once jocl runs:\n" + cl.output());
    }
}
