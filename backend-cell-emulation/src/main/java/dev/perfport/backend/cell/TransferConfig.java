package dev.perfport.backend.cell;

import dev.perfport.core.backend.Settings;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.transfer.Overlap;

import java.util.Locale;

/**
 * How the emulated device moves data between the host and itself for the transfer strategies (seed
 * 002 §6.3): its copy engines, whether it synchronises implicitly, and its link. The thesis's device
 * categories are 1 (implicitSync, 1 engine: GTX480), 2 (1 engine: GTX Titan) and 3 (2 engines:
 * K20); the defaults are category 3 over no link, the Cell as it is.
 *
 * @param copyEngines  {@value #COPY_ENGINES}: 1 (copies in and out share one engine, one at a time) or 2
 *                     (one per direction; default)
 * @param implicitSync {@value #IMPLICIT_SYNC}: a copy out, or a kernel waiting for another stage's
 *                     kernel, waits until every kernel issued before it has ended, and each engine
 *                     takes its copies strictly in issue order (Fermi's one hardware queue); default false
 * @param linkGbs      {@value #LINK_GBS}: the device sits behind a link of this many GB/s per direction
 *                     (PCIe-like): copies cost its latency plus their bytes at this rate, and a mapped
 *                     buffer is no longer main memory shared with the device, so a kernel's traffic to it
 *                     (cache fills and write-backs, DMA) crosses the link too; 0 (default): no link,
 *                     copies are MFC DMA through a local store and mapped buffers cost nothing extra
 */
public record TransferConfig(int copyEngines, boolean implicitSync, double linkGbs) {
    public static final String COPY_ENGINES = CellConfig.PREFIX + "transfer.copyEngines";
    public static final String IMPLICIT_SYNC = CellConfig.PREFIX + "transfer.implicitSync";
    public static final String LINK_GBS = CellConfig.PREFIX + "transfer.linkGbs";
    /** The Cell as it is: category 3 (two MFC queues, no implicit synchronisation), no link. */
    public static final TransferConfig DEFAULT = new TransferConfig(2, false, 0);

    public TransferConfig {
        if (copyEngines < 1 || copyEngines > 2) throw new ConfigException(COPY_ENGINES + " must be 1 or 2, got " + copyEngines);
        if (!(linkGbs >= 0) || linkGbs > 1e6) throw new ConfigException(LINK_GBS + " must be in [0, 1000000] GB/s (0: no link), got " + linkGbs);
    }

    static TransferConfig from(Settings c) {
        long engines = c.getLong(COPY_ENGINES, DEFAULT.copyEngines);
        if (engines < 1 || engines > 2) throw new ConfigException(COPY_ENGINES + " must be 1 or 2, got " + engines);
        return new TransferConfig((int) engines, c.getBoolean(IMPLICIT_SYNC, DEFAULT.implicitSync), c.getDouble(LINK_GBS, DEFAULT.linkGbs));
    }

    /** {@return whether a link stands between host and device} */
    public boolean linked() {
        return linkGbs > 0;
    }

    /** {@return the overlap facts the transfer model reads: mapped buffers are zero-copy here} */
    public Overlap overlap() {
        return new Overlap(copyEngines, implicitSync, true);
    }

    /** {@return the words a device name carries where this is not the default, else empty} */
    String label() {
        if (equals(DEFAULT)) return "";
        return "category " + overlap().category() + ": " + copyEngines + " copy engine" + (copyEngines > 1 ? "s" : "")
                + (implicitSync ? ", implicit sync" : "") + (linked() ? String.format(Locale.ROOT, ", %.3g GB/s link", linkGbs) : "");
    }
}
