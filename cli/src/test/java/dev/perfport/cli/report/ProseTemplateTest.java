package dev.perfport.cli.report;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

class ProseTemplateTest {
    @Test
    void valuesSectionsAndBlocksKeepTheMarkdownsLines() {
        ProseTemplate t = ProseTemplate.of("""
                # {{title}}

                {{! a comment line leaves nothing }}
                Sizes: n = {{n}}, reps {{reps}}.

                {{#incomplete}}
                > **Incomplete**: {{why}}.

                {{/incomplete}}
                {{^tune}}
                Not run.

                {{/tune}}
                {{table}}
                {{#rows}}
                - {{name}} in {{title}}
                {{/rows}}
                end
                """);
        Markdown.Table tb = new Markdown().table("a", "b");
        String table = tb.row(1, 2).end().toString();
        String out = t.render(Map.of("title", "T", "n", 4096, "reps", List.of(1, 2), "incomplete", true, "why", "stopped", "tune", false,
                "table", table, "rows", List.of(Map.of("name", "x"), Map.of("name", "y"))));
        assertEquals("# T\n\nSizes: n = 4096, reps [1, 2].\n\n> **Incomplete**: stopped.\n\nNot run.\n\n" + table
                + "- x in T\n- y in T\nend\n", out);
        String off = t.render(Map.of("title", "T", "n", 1, "reps", 1, "incomplete", false, "why", "", "tune", true,
                "table", "one line", "rows", List.of()));
        assertEquals("# T\n\nSizes: n = 1, reps 1.\n\none line\nend\n", off, "a block tag's value without a line break gets one");
        assertEquals("a\nb\n", ProseTemplate.of("a\n{{x}}\nb\n").render(Map.of("x", "")), "an empty block leaves no line");
    }

    @Test
    void aNameTheModelLacksOrAnUnclosedSectionIsAnError() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> ProseTemplate.of("a {{b}} c").render(Map.of()));
        assertTrue(e.getMessage().contains("no value 'b'"), e.getMessage());
        e = assertThrows(IllegalStateException.class, () -> ProseTemplate.of("x\n{{#s}}\ny\n"));
        assertTrue(e.getMessage().contains("{{#s}} is not closed"), e.getMessage());
        e = assertThrows(IllegalStateException.class, () -> ProseTemplate.of("{{#s}}{{/t}}"));
        assertTrue(e.getMessage().contains("line 1") && e.getMessage().contains("{{/t}} closes {{#s}}"), e.getMessage());
    }

    @Test
    void everyReportTemplateLoads() {
        for (String name : List.of("seed-000.md", "seed-001.md", "seed-002.md", "seed-003.md", "seed-004.md")) assertNotNull(ProseTemplate.load(name));
        assertThrows(IllegalStateException.class, () -> ProseTemplate.load("missing.md"));
    }
}
