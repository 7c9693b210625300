package dev.perfport.cluster;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/** One perfport command line run in this JVM, locally ({@code dev.perfport.cli.Main}) or on a cluster ({@link ClusterMain}). */
record Cmd(int code, String out, String err) {

    static Cmd local(String... args) {
        return run(false, null, args);
    }

    static Cmd cluster(String... args) {
        return run(true, null, args);
    }

    /** On a cluster, {@code errLine} hearing each stderr line as it is written (progress). */
    static Cmd cluster(Consumer<String> errLine, String... args) {
        return run(true, errLine, args);
    }

    private static Cmd run(boolean cluster, Consumer<String> errLine, String... args) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        OutputStream errSink = errLine == null ? e : new LineTap(e, errLine);
        PrintStream out = new PrintStream(o, true, StandardCharsets.UTF_8);
        PrintStream err = new PrintStream(errSink, true, StandardCharsets.UTF_8);
        int code = cluster ? ClusterMain.run(args, out, err) : dev.perfport.cli.Main.run(args, out, err);
        return new Cmd(code, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
    }

    /** Copies bytes to {@code to} and hands over each completed line (or carriage-return-ended redraw). */
    private static final class LineTap extends OutputStream {
        private final OutputStream to;
        private final Consumer<String> line;
        private final ByteArrayOutputStream cur = new ByteArrayOutputStream();

        LineTap(OutputStream to, Consumer<String> line) {
            this.to = to;
            this.line = line;
        }

        @Override
        public synchronized void write(int b) {
            try {
                to.write(b);
            } catch (java.io.IOException ex) {
                throw new java.io.UncheckedIOException(ex);
            }
            if (b == '\n' || b == '\r') {
                if (cur.size() > 0) line.accept(cur.toString(StandardCharsets.UTF_8));
                cur.reset();
            } else {
                cur.write(b);
            }
        }
    }

    @Override
    public String toString() {
        return "exit " + code + "\n--- stdout\n" + out + "\n--- stderr\n" + err;
    }
}
