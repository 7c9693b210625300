package dev.perfport.workloads.gemm;

import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.DeviceType;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.kernel.Constants;

import java.util.ArrayList;
import java.util.List;

/**
 * The parameters of the direct (single-kernel) GEMM, after CLBlast's XgemmDirect: square tiles of
 * {@code WGD} computed by {@code MDIMCD×NDIMCD} threads through WGD×WGD tiles of op(A) and op(B)
 * in local memory. Command line: {@code wgd}, {@code mdimcd}, {@code ndimcd}.
 */
public record DirectConfig(int wgd, int mdimcd, int ndimcd) {

    public static DirectConfig defaultFor(DeviceInfo d) {
        DirectConfig c = d.type() == DeviceType.GPU ? new DirectConfig(32, 16, 16) : new DirectConfig(16, 8, 8);
        return c.violations(d, 8).isEmpty() ? c : new DirectConfig(8, 1, 1);
    }

    public long localBytes(int elemBytes) {
        return 2L * wgd * wgd * elemBytes;
    }

    public List<String> violations(DeviceInfo d, int elemBytes) {
        List<String> v = new ArrayList<>();
        if (wgd < 1 || mdimcd < 1 || ndimcd < 1) {
            v.add("wgd, mdimcd and ndimcd must be >= 1, got " + wgd + ", " + mdimcd + ", " + ndimcd);
            return v;
        }
        if (wgd % mdimcd != 0) v.add("wgd = " + wgd + " is not a multiple of mdimcd = " + mdimcd);
        if (wgd % ndimcd != 0) v.add("wgd = " + wgd + " is not a multiple of ndimcd = " + ndimcd);
        long threads = (long) mdimcd * ndimcd;
        if (threads > d.maxWorkGroupSize()) {
            v.add("mdimcd*ndimcd = " + threads + " work-items exceed the device's maximum work-group size " + d.maxWorkGroupSize());
        }
        long cap = d.capacity(MemoryLevel.LOCAL);
        if (localBytes(elemBytes) > cap) {
            v.add("local memory " + localBytes(elemBytes) + " B (2 x wgd^2 x " + elemBytes + " B) exceeds the device's " + cap + " B");
        }
        return v;
    }

    public Constants constants() {
        return Constants.of(GemmSpec.DIRECT_KERNEL.get(0).macroName(), wgd, GemmSpec.DIRECT_KERNEL.get(1).macroName(), mdimcd,
                GemmSpec.DIRECT_KERNEL.get(2).macroName(), ndimcd);
    }
}
