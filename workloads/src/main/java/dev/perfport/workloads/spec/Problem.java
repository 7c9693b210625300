package dev.perfport.workloads.spec;

import dev.perfport.core.error.ConfigException;

/** Where the specification turns a problem with the user's input into the one line the command prints (exit code 2). */
final class Problem {
    private Problem() {
    }

    /** {@return the usage error of {@code line}} @param line names the parameter, the value and the limit */
    static ConfigException of(String line) {
        return new ConfigException(line);
    }

    /** {@return the usage error of a value beyond its limit: "NAME must be LIMIT, got VALUE"} */
    static ConfigException limit(String name, String limit, String got) {
        return of(name + " must be " + limit + ", got " + got);
    }
}
