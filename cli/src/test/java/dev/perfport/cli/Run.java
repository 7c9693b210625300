package dev.perfport.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** One in-process run of the command: exit code and what it printed. */
public record Run(int code, String out, String err) {

    public static Run of(String... args) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        int code;
        try (PrintStream out = new PrintStream(o, true, StandardCharsets.UTF_8);
             PrintStream err = new PrintStream(e, true, StandardCharsets.UTF_8)) {
            code = Main.run(args, out, err);
        }
        return new Run(code, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
    }

    /** For assertion messages. */
    public String describe() {
        return "exit " + code + "\n--- stdout ---\n" + out + "\n--- stderr ---\n" + err;
    }
}
