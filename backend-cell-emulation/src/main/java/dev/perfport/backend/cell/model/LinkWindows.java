package dev.perfport.backend.cell.model;

import java.util.ArrayList;
import java.util.List;

/**
 * The main-memory ranges of a launch that lie across the host link (mapped buffers of the transfer
 * strategies): a unit counts the DMA traffic it makes to them, fills and reads as bytes in, write-backs
 * and writes as bytes out, where the range counts that direction. An input is read across the link, an
 * output written across it; a kernel's other buffers stay on the device.
 *
 * @param windows the ranges
 */
public record LinkWindows(List<Window> windows) {
    /** No range crosses the link (every launch outside the transfer strategies). */
    public static final LinkWindows NONE = new LinkWindows(List.of());

    /**
     * One range.
     *
     * @param start first byte's effective address
     * @param end   one past the last byte's
     * @param reads its reads cross the link
     * @param writes its writes cross the link
     */
    public record Window(long start, long end, boolean reads, boolean writes) {
    }

    /** Copies the list. */
    public LinkWindows {
        windows = List.copyOf(windows);
    }

    /** {@return these windows and one more} */
    public LinkWindows with(long start, long bytes, boolean reads, boolean writes) {
        List<Window> l = new ArrayList<>(windows);
        l.add(new Window(start, start + bytes, reads, writes));
        return new LinkWindows(l);
    }

    /** {@return whether no range crosses the link} */
    public boolean isEmpty() {
        return windows.isEmpty();
    }

    /**
     * {@return how many of {@code bytes} at {@code ea} cross the link in this direction} A transfer is
     * one command or cache line, within one buffer, so it counts whole where its first byte lies.
     *
     * @param ea    first byte's effective address
     * @param bytes bytes moved
     * @param read  from main memory (a fill, a get) rather than to it
     */
    public long crossing(long ea, long bytes, boolean read) {
        for (Window w : windows) {
            if (ea >= w.start && ea < w.end) return (read ? w.reads : w.writes) ? bytes : 0;
        }
        return 0;
    }
}
