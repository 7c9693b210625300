package dev.perfport.backend.aparapi;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Aparapi's JNI library comes from perfport's cache, once, and never from a new /tmp/Aparapi* folder. */
class NativeLoadingTest {

    @Test
    void theJniLibraryIsMappedFromTheCacheAndAparapiIsToldSo() throws Exception {
        Aparapi.DEVICE.assumeDevice();   // needs OpenCL: without it nothing is loaded at all (see the next test)
        String maps = Files.readString(Path.of("/proc/self/maps"));
        Path cache = AparapiNative.cacheDir();
        assertTrue(maps.lines().anyMatch(l -> l.contains(cache.toString()) && l.endsWith("/libaparapi.so")),
                "libaparapi.so mapped from " + cache);
        assertTrue(maps.lines().noneMatch(l -> l.contains("/Aparapi") && l.contains("libaparapi")), "no copy from Aparapi's own loader");
        assertEquals("true", System.getProperty(AparapiNative.PRELOADED_PROPERTY));
        try (Stream<Path> s = Files.walk(cache)) {
            assertTrue(s.noneMatch(p -> p.getFileName().toString().endsWith(".part")), "no half-written copy left");
        }
    }

    @Test
    void withoutOpenClTheReasonSaysSoAndAparapisLoaderNeverRan() {
        AparapiRuntime.State st = AparapiRuntime.init();
        if (AparapiNative.openClMissing().isPresent()) {
            assertTrue(!st.openCl() && st.reason().startsWith("no OpenCL library: libOpenCL.so.1 cannot be loaded"), st.toString());
            assertEquals(null, System.getProperty(AparapiNative.PRELOADED_PROPERTY), "Aparapi's loader is left alone");
        } else {
            assertTrue(st.openCl(), st.toString());
        }
    }
}
