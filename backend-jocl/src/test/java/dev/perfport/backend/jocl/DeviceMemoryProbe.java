package dev.perfport.backend.jocl;

import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.error.DeviceMemoryException;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.device.MemoryLevel;

import java.util.ArrayList;
import java.util.List;

/**
 * Run in a child JVM by {@link DeviceMemoryTest} under a device memory limit (PoCL's
 * {@code POCL_MEMORY_LIMIT}): fills the device with buffers of the largest size one buffer may
 * have, asks for one more and for one too large, then frees one and checks the session still
 * allocates, copies and reads. Prints one {@code key=value} line per step.
 */
public final class DeviceMemoryProbe {
    /** Devices with more global memory than this are not filled by a test. */
    static final long MOST = 2L << 30;

    private DeviceMemoryProbe() {
    }

    public static void main(String[] args) {
        JoclBackend b = JoclBackend.create();
        if (b.devices().isEmpty()) {
            System.out.println("skip=no OpenCL device: " + b.unavailableReason());
            return;
        }
        try (DeviceSession s = b.open(0)) {
            long global = s.device().capacity(MemoryLevel.GLOBAL);
            long one = b.device(0).maxAllocBytes();
            System.out.println("device=" + s.device().name());
            System.out.println("global=" + global);
            System.out.println("maxAlloc=" + one);
            if (global > MOST) {
                System.out.println("skip=" + s.device().name() + " has " + global + " B of global memory; a test fills at most " + MOST);
                return;
            }
            // larger than one buffer may be, on an empty session
            try {
                s.allocate(ElemType.FLOAT, one / 4 + 1);
            } catch (DeviceMemoryException e) {
                System.out.println("tooLarge=" + e.getMessage());
            }
            int floats = (int) Math.min(one / 4, Integer.MAX_VALUE);
            float[] marker = {1, 2, 3, 4};
            List<DeviceBuffer> held = new ArrayList<>();
            try {
                while (true) {
                    DeviceBuffer d = s.allocate(ElemType.FLOAT, floats);
                    held.add(d);
                    d.write(0, marker, 0, marker.length);   // a driver that allocates on first use does it now
                }
            } catch (DeviceMemoryException e) {
                System.out.println("buffers=" + held.size());
                System.out.println("full=" + e.getMessage());
                System.out.println("fullAsked=" + e.asked() + " fullAvailable=" + e.available() + " fullDevice=" + e.device());
            }
            held.removeLast().close();
            try (DeviceBuffer again = s.allocate(ElemType.FLOAT, floats)) {
                again.write(0, marker, 0, marker.length);
                float[] back = new float[4];
                again.read(0, back, 0, 4);
                System.out.println("after=" + java.util.Arrays.toString(back));
            }
            for (DeviceBuffer d : held) d.close();
        } catch (RuntimeException e) {
            System.out.println("error=" + e);
        }
    }
}
