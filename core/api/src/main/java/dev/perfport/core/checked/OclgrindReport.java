package dev.perfport.core.checked;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One report from Oclgrind's log, e.g.
 * <pre>
 * Invalid write of size 4 at global memory address 0x2000000000100
 *         Kernel: oob
 *         Entity: Global(32,0,0) Local(0,0,0) Group(2,0,0)
 *           store float %0, float addrspace(1)* %arrayidx2, align 4
 *         At line 3 (column 12) of input.cl:
 *           out[i*2] = in[i];
 * </pre>
 * A data race names two entities, the first of them first.
 *
 * @param headline  the report's first line
 * @param space     the address space (global, local, private, constant), or null
 * @param address   the address, or -1
 * @param size      bytes accessed, or 0
 * @param kernel    the {@code __kernel} function, or null
 * @param workItems the global ids of the work-items involved, as {@code (x,y,z)}
 * @param lines     the source line of each work-item's access, as the debug information gives it
 * @param texts     Oclgrind's text of each of those lines (taken from the program's source by line number, so
 *                  where a {@code #line} directive moved the numbers, it is not the statement: see {@link ReportLine})
 */
public record OclgrindReport(String headline, String space, long address, int size, String kernel, List<String> workItems,
                             List<Integer> lines, List<String> texts) {
    /** Oclgrind puts a global buffer's number above this many address bits (64-bit devices). */
    public static final int ADDRESS_BITS = 48;

    /** How Oclgrind starts the report of an error inside itself (its next line says what); it stops the launch. */
    private static final String FATAL = "OCLGRIND FATAL ERROR";
    private static final Pattern ADDRESS = Pattern.compile("(global|local|private|constant) memory address 0x([0-9a-fA-F]+)");
    private static final Pattern SIZE = Pattern.compile("of size (\\d+)");
    private static final Pattern KERNEL = Pattern.compile("^\\s*Kernel: (\\S+)");
    private static final Pattern ITEM = Pattern.compile("Global\\((\\d+),(\\d+),(\\d+)\\)");
    private static final Pattern LINE = Pattern.compile("^\\s*At line (\\d+)");

    /** Keeps copies of the lists. */
    public OclgrindReport {
        workItems = List.copyOf(workItems);
        lines = List.copyOf(lines);
        texts = List.copyOf(texts);
    }

    /**
     * {@return the reports in a piece of Oclgrind's log} A report starts at a line that is not
     * indented; Oclgrind's own notes ("Oclgrind: 1000 errors generated ...") are left out.
     *
     * @param log text read from Oclgrind's log
     */
    public static List<OclgrindReport> parse(String log) {
        List<OclgrindReport> out = new ArrayList<>();
        List<String> block = new ArrayList<>();
        for (String line : log.split("\\R")) {
            boolean starts = !line.isBlank() && !Character.isWhitespace(line.charAt(0));
            // a fatal error's message is the unindented line after its header
            boolean fatalMessage = block.size() == 1 && block.getFirst().startsWith(FATAL);
            if (starts && !fatalMessage) {
                add(out, block);
                block.clear();
            }
            if (!block.isEmpty() || starts) block.add(line);
        }
        add(out, block);
        return out;
    }

    private static void add(List<OclgrindReport> out, List<String> block) {
        if (block.isEmpty() || block.getFirst().startsWith("Oclgrind")) return;
        String head = block.getFirst().strip();
        if (head.startsWith(FATAL) && block.size() > 1) {
            head = "fatal error" + head.substring(FATAL.length()) + ": " + block.get(1).strip();
        }
        String space = null;
        long address = -1;
        Matcher a = ADDRESS.matcher(head);
        if (a.find()) {
            space = a.group(1);
            address = Long.parseUnsignedLong(a.group(2), 16);
        }
        Matcher s = SIZE.matcher(head);
        int size = s.find() ? Integer.parseInt(s.group(1)) : 0;
        String kernel = null;
        List<String> items = new ArrayList<>();
        List<Integer> lines = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        for (int i = 1; i < block.size(); i++) {
            String l = block.get(i);
            Matcher k = KERNEL.matcher(l);
            if (kernel == null && k.find()) kernel = k.group(1);
            Matcher it = ITEM.matcher(l);
            if (it.find()) items.add("(" + it.group(1) + "," + it.group(2) + "," + it.group(3) + ")");
            Matcher ln = LINE.matcher(l);
            if (ln.find()) {
                lines.add(Integer.parseInt(ln.group(1)));
                texts.add(i + 1 < block.size() ? block.get(i + 1).strip() : "");
            }
        }
        out.add(new OclgrindReport(head, space, address, size, kernel, items, lines, texts));
    }

    /** {@return whether this is a data race} */
    public boolean race() {
        return headline.contains("data race");
    }

    /** {@return the number Oclgrind gave the global buffer the address lies in} */
    public long buffer() {
        return address >>> ADDRESS_BITS;
    }

    /** {@return the byte offset of the address within its buffer} */
    public long offset() {
        return address & ((1L << ADDRESS_BITS) - 1);
    }

    /** {@return the headline without its address, in lower case: "invalid write of size 4 at global memory", ...} */
    public String what() {
        String w = headline.replaceAll("\\s*memory address 0x[0-9a-fA-F]+", " memory").strip();
        return w.isEmpty() ? w : Character.toLowerCase(w.charAt(0)) + w.substring(1);
    }
}
