package dev.perfport.core.checked;

import dev.perfport.core.kernel.ArgDef;
import dev.perfport.core.kernel.Dialect;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.launch.LaunchStep;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.device.MemoryLevel;

import java.util.List;
import java.util.OptionalLong;

/**
 * Oclgrind's reports of one launch as one line: the kernel, what went wrong, the argument and index
 * (or the memory and offset where no argument is known), the work-items and the source line, then
 * how many reports there were in all.
 */
final class ReportLine {
    private ReportLine() {
    }

    static String of(List<OclgrindReport> reports, List<LaunchStep> steps, BufferAddresses addresses, String device) {
        OclgrindReport r = reports.getFirst();
        LaunchStep step = stepOf(r, steps);
        StringBuilder b = new StringBuilder("checked mode: Oclgrind reports ");
        b.append(article(r.what())).append(r.what());
        if (step != null) {
            KernelDef def = step.kernel().def();
            b.append(" in kernel '").append(def.name()).append('\'');
        } else if (r.kernel() != null) {
            b.append(" in __kernel ").append(r.kernel());
        }
        b.append(" on ").append(device);
        String where = where(r, step, addresses);
        if (!where.isEmpty()) b.append(": ").append(where);
        if (!r.workItems().isEmpty()) {
            b.append(r.workItems().size() == 1 ? ", work-item " : ", work-items ").append(String.join(" and ", r.workItems()));
        }
        if (!r.lines().isEmpty()) {
            b.append(", line ").append(r.lines().getFirst());
            String text = statements(r, step).getFirst();
            if (!text.isEmpty()) b.append(" `").append(text).append('`');
        }
        if (reports.size() > 1) b.append(" (").append(reports.size()).append(" reports in all)");
        return b.toString().replaceAll("\\s*\\R\\s*", " ");
    }

    /**
     * The statement of each line a report names. Oclgrind takes a line's text from the program's
     * source by the number the debug information gives, which a {@code #line} directive moves: jocl
     * puts the prelude first and numbers the kernel's lines from 1, so the number is the kernel
     * source's line (or, for the prelude's helpers, the prelude's, which the number alone cannot tell
     * apart: the kernel's line is shown, and benign-race marks are looked for in both).
     */
    static List<String> statements(OclgrindReport r, LaunchStep step) {
        String source = step == null ? null : step.kernel().def().impl(Dialect.OPENCL_C).filter(KernelImpl.OpenClSource.class::isInstance)
                .map(i -> ((KernelImpl.OpenClSource) i).source()).orElse(null);
        if (source == null) return r.texts();
        List<String> kernel = source.lines().toList();
        List<String> out = new java.util.ArrayList<>();
        for (int i = 0; i < r.lines().size(); i++) {
            int n = r.lines().get(i);
            out.add(n < 1 || n > kernel.size() ? r.texts().get(i) : kernel.get(n - 1).strip());
        }
        return out;
    }

    /** The step whose __kernel the report names (by its OpenCL C entry point), else the only or first one. */
    static LaunchStep stepOf(OclgrindReport r, List<LaunchStep> steps) {
        if (steps.isEmpty()) return null;
        for (LaunchStep s : steps) {
            String entry = s.kernel().def().impl(Dialect.OPENCL_C).filter(KernelImpl.OpenClSource.class::isInstance)
                    .map(i -> ((KernelImpl.OpenClSource) i).entryPoint()).orElse(null);
            if (entry != null && entry.equals(r.kernel())) return s;
        }
        return steps.getFirst();
    }

    /** The argument and index an address names, or the memory and offset. */
    private static String where(OclgrindReport r, LaunchStep step, BufferAddresses addresses) {
        if (r.space() == null) return "";
        if (r.space().equals("global") || r.space().equals("constant")) {
            if (step != null) {
                Object[] args = step.args();
                List<ArgDef> defs = step.kernel().def().args();
                for (int i = 0; i < args.length && i < defs.size(); i++) {
                    ArgDef a = defs.get(i);
                    if (a.level() != MemoryLevel.GLOBAL && a.level() != MemoryLevel.CONSTANT) continue;
                    if (!(args[i] instanceof DeviceBuffer buf)) continue;
                    OptionalLong base = addresses.of(buf);
                    if (base.isEmpty() || base.getAsLong() >>> OclgrindReport.ADDRESS_BITS != r.buffer()) continue;
                    long index = (r.address() - base.getAsLong()) / buf.type().bytes();
                    return "argument " + i + " '" + a.name() + "' (" + buf.type().clName() + "[" + buf.length() + "]) index " + index
                            + (index >= buf.length() ? ", past its end" : "");
                }
            }
            String elements = r.size() > 0 ? ", element " + r.offset() / r.size() + " of " + r.size() + "-byte elements" : "";
            return "global buffer #" + r.buffer() + " of Oclgrind" + (addresses == BufferAddresses.NONE ? "" : " (no argument of this launch)")
                    + " at byte offset " + r.offset() + elements;
        }
        return r.space() + " memory (Oclgrind's allocation #" + r.buffer() + ") at byte offset " + r.offset();
    }

    private static String article(String what) {
        return what.isEmpty() || "aeiou".indexOf(what.charAt(0)) < 0 ? "a " : "an ";
    }
}
