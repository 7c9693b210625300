package dev.perfport.cli.it;

import dev.perfport.cli.MiniJson;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code compare} with an n the device has no room for, on PoCL limited to 1 GiB
 * ({@code POCL_MEMORY_LIMIT=1}: 256 MiB per buffer): the row's error is one line naming the
 * device, the bytes asked and the bytes available, and the next run, on jocl and on the emulator,
 * verifies.
 */
class DeviceMemoryIT {
    private static final Map<String, String> LIMIT = Map.of("POCL_MEMORY_LIMIT", "1");

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> rows(ScriptIT.Result r) {
        return (List<Map<String, Object>>) MiniJson.parse(r.out());
    }

    @Test
    void aBufferTheDeviceHasNoRoomForIsOneLineAndLaterRunsAreUnaffected() throws Exception {
        Dist.noOpenClPlatform().ifPresent(why -> Assumptions.abort(why));
        // saxpy's two buffers of 2^27 floats are 512 MiB each
        ScriptIT.Result big = ScriptIT.perfport(LIMIT, "compare", "saxpy", "--backend", "jocl", "--param", "n=2^27", "--param", "reps=1",
                "--format", "json");
        assertEquals(1, big.code(), big.describe());
        List<Map<String, Object>> rows = rows(big);
        assertTrue(!rows.isEmpty(), big.describe());
        for (Map<String, Object> row : rows) {
            String error = (String) row.get("error");
            assertTrue(error != null && error.contains("out of device memory on " + row.get("device") + ": a buffer of 536870912 B (512.0 MiB)"
                    + " asked, 268435456 B (256.0 MiB) available (the most one buffer may have, CL_DEVICE_MAX_MEM_ALLOC_SIZE)"), big.describe());
            assertEquals(1, error.lines().count(), error);
        }
        ScriptIT.Result small = ScriptIT.perfport(LIMIT, "compare", "saxpy", "--backend", "jocl", "--backend", "cell-emulation",
                "--param", "n=2^16", "--param", "reps=1", "--format", "json");
        assertEquals(0, small.code(), small.describe());
        assertTrue(rows(small).stream().allMatch(r -> Boolean.TRUE.equals(r.get("verified"))), small.describe());
    }
}
