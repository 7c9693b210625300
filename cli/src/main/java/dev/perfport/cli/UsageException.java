package dev.perfport.cli;

/** Bad command-line syntax: unknown command or option, missing value. Exit code 2. */
public class UsageException extends RuntimeException {
    public UsageException(String message) {
        super(message);
    }
}
