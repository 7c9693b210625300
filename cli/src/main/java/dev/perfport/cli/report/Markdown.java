package dev.perfport.cli.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/**
 * A small structured writer for the reports' Markdown: headings, paragraphs, lists, tables,
 * collapsed sections, code blocks and figures, each ending with the blank line Markdown needs,
 * so that report code says what it writes instead of gluing strings.
 */
public final class Markdown {
    private final StringBuilder b = new StringBuilder();

    /** {@code #}..{@code ######} heading. */
    public Markdown heading(int level, String text) {
        b.append("#".repeat(level)).append(' ').append(text).append("\n\n");
        return this;
    }

    /** One paragraph: the parts joined without separator. */
    public Markdown paragraph(Object... parts) {
        for (Object p : parts) b.append(p);
        b.append("\n\n");
        return this;
    }

    /** Text as it is (a prepared block, e.g. a Java text block ending with its blank line). */
    public Markdown text(String text) {
        b.append(text);
        return this;
    }

    /** A bullet list; nothing when empty. */
    public Markdown bullets(List<String> items) {
        if (items.isEmpty()) return this;
        for (String i : items) b.append("- ").append(i).append('\n');
        b.append('\n');
        return this;
    }

    /** A table with these column headings; add rows, then {@link Table#end()}. */
    public Table table(String... headings) {
        return new Table(List.of(headings));
    }

    /** A table whose headings are computed. */
    public Table table(List<String> headings) {
        return new Table(headings);
    }

    /** A collapsed {@code <details>} section. */
    public Markdown details(String summary, Consumer<Markdown> body) {
        b.append("<details><summary>").append(summary).append("</summary>\n\n");
        body.accept(this);
        b.append("</details>\n\n");
        return this;
    }

    /** A fenced code block of these lines. */
    public Markdown code(List<String> lines) {
        b.append("```\n");
        for (String l : lines) b.append(l).append('\n');
        b.append("```\n");
        return this;
    }

    /** A picture. */
    public Markdown image(String alt, String path) {
        b.append("![").append(alt).append("](").append(path).append(")\n\n");
        return this;
    }

    /** A quoted note (e.g. where a picture could not be drawn). */
    public Markdown note(String text) {
        b.append("> ").append(text).append("\n\n");
        return this;
    }

    /** What {@code write} puts into a fresh writer: a block for a {@link ProseTemplate}. */
    public static String block(Consumer<Markdown> write) {
        Markdown md = new Markdown();
        write.accept(md);
        return md.toString();
    }

    @Override
    public String toString() {
        return b.toString();
    }

    /** Escapes a table cell's text: a '|' would end the cell, a line break the row. */
    public static String cell(Object o) {
        return String.valueOf(o).replace('|', '/').replace('\n', ' ');
    }

    /** A table being written. */
    public final class Table {
        private final int columns;

        private Table(List<String> headings) {
            this.columns = headings.size();
            line(headings);
            b.append('|').append("---|".repeat(columns)).append('\n');
        }

        /** One row; missing trailing cells are left empty. */
        public Table row(Object... cells) {
            return row(Arrays.asList(cells));
        }

        public Table row(List<?> cells) {
            List<String> l = new ArrayList<>();
            for (Object c : cells) l.add(String.valueOf(c));
            while (l.size() < columns) l.add("");
            line(l);
            return this;
        }

        private void line(List<String> cells) {
            b.append('|');
            for (String c : cells) b.append(c.isEmpty() ? " |" : " " + c + " |");
            b.append('\n');
        }

        /** Ends the table with its blank line. */
        public Markdown end() {
            b.append('\n');
            return Markdown.this;
        }
    }
}
