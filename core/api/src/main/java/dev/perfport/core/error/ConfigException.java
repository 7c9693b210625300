package dev.perfport.core.error;

/** Configuration that cannot be honoured: unknown backend, selector that matches nothing, bad value. */
public class ConfigException extends PerfportException {
    /**
     * An error with a message that names the problem and the limit. The message is one line: a
     * line break or other control character that it quotes from the input is shown escaped as in
     * Java source ({@code \n}, {@code \t}, else a backslash, {@code u} and four hex digits), so
     * that the error stays one line on a terminal and in a log.
     *
     * @param message the message
     */
    public ConfigException(String message) {
        super(oneLine(message));
    }

    private static String oneLine(String message) {
        if (message == null || message.chars().noneMatch(Character::isISOControl)) return message;
        StringBuilder b = new StringBuilder(message.length() + 8);
        for (int i = 0; i < message.length(); i++) {
            char c = message.charAt(i);
            switch (c) {
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (Character.isISOControl(c)) b.append(String.format("\\u%04x", (int) c)); else b.append(c);
                }
            }
        }
        return b.toString();
    }
}
