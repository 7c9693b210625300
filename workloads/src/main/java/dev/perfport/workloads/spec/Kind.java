package dev.perfport.workloads.spec;

import dev.perfport.core.error.ConfigException;
import dev.perfport.workloads.Params;

import java.util.List;

/**
 * How a knob's text becomes its value. A text that is no value of the kind is one error line naming the
 * parameter, what it got and what it takes.
 *
 * @param <T> the value's type
 */
public sealed interface Kind<T> permits Kind.Size, Kind.Int, Kind.Choice, Kind.Levels, Kind.Bool, Kind.Real, Kind.Text {

    /**
     * {@return the value of {@code text}}
     *
     * @param name the parameter, for the error
     * @param text what was given
     */
    T parse(String name, String text);

    /** A count of elements or bytes: {@code 2^25}, {@code 32M}, {@code 64K}, {@code 1_000_000}. */
    record Size() implements Kind<Long> {
        @Override
        public Long parse(String name, String text) {
            return Params.parseLong(name, text);
        }
    }

    /** An int, written as a {@link Size} may be. */
    record Int() implements Kind<Integer> {
        @Override
        public Integer parse(String name, String text) {
            long v = Params.parseLong(name, text);
            if (v > Integer.MAX_VALUE || v < Integer.MIN_VALUE) {
                throw Problem.of("parameter " + name + "=" + text + " does not fit an int (at most " + Integer.MAX_VALUE + ")");
            }
            return (int) v;
        }
    }

    /**
     * One of a few names.
     *
     * @param names the names taken, in the order help lists them
     */
    record Choice(List<String> names) implements Kind<String> {
        /** Keeps a copy. */
        public Choice {
            names = List.copyOf(names);
        }

        @Override
        public String parse(String name, String text) {
            if (!names.contains(text)) throw Problem.limit(name, alternatives(), "'" + text + "'");
            return text;
        }

        /** {@return the names as "a, b or c"} */
        public String alternatives() {
            if (names.size() == 1) return names.getFirst();
            return String.join(", ", names.subList(0, names.size() - 1)) + " or " + names.getLast();
        }
    }

    /**
     * One of a few names that the tuner sees as their positions (aos 0, soa 1): a name, or its position.
     *
     * @param names the names, in the order of their positions
     */
    record Levels(List<String> names) implements Kind<Integer> {
        /** Keeps a copy. */
        public Levels {
            names = List.copyOf(names);
        }

        @Override
        public Integer parse(String name, String text) {
            int i = names.indexOf(text);
            if (i >= 0) return i;
            if (text.matches("\\d{1,9}") && Integer.parseInt(text) < names.size()) return Integer.parseInt(text);
            throw Problem.limit(name, new Choice(names).alternatives() + " (or 0.." + (names.size() - 1) + ")", "'" + text + "'");
        }

        /** {@return the name at {@code position}} @param position a position */
        public String name(int position) {
            return names.get(position);
        }
    }

    /** On or off: true, yes, 1, on; false, no, 0, off. */
    record Bool() implements Kind<Boolean> {
        @Override
        public Boolean parse(String name, String text) {
            return switch (text.toLowerCase(java.util.Locale.ROOT)) {
                case "true", "yes", "1", "on" -> true;
                case "false", "no", "0", "off" -> false;
                default -> throw Problem.limit(name, "true or false", "'" + text + "'");
            };
        }
    }

    /** A finite floating-point number. */
    record Real() implements Kind<Double> {
        @Override
        public Double parse(String name, String text) {
            double v;
            try {
                v = Double.parseDouble(text.trim());
            } catch (NumberFormatException e) {
                throw Problem.limit(name, "a number", "'" + text + "'");
            }
            if (!Double.isFinite(v)) throw Problem.limit(name, "finite", "'" + text + "'");
            return v;
        }
    }

    /** Any text; its meaning is the workload's (a file, a count with its own forms). */
    record Text() implements Kind<String> {
        @Override
        public String parse(String name, String text) {
            return text;
        }
    }
}
