package dev.perfport.cli.report;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class MarkdownTest {
    @Test
    void writesBlocksWithTheBlankLinesMarkdownNeeds() {
        Markdown md = new Markdown();
        md.heading(2, "T").paragraph("a ", 1, " b");
        md.table("x", "y").row("1", 2).row("only").end();
        md.details("more", m -> m.code(List.of("l1", "l2")));
        md.bullets(List.of("p", "q")).bullets(List.of());
        md.image("alt", "d/f.png").note("why");
        assertEquals("""
                ## T

                a 1 b

                | x | y |
                |---|---|
                | 1 | 2 |
                | only | |

                <details><summary>more</summary>

                ```
                l1
                l2
                ```
                </details>

                - p
                - q

                ![alt](d/f.png)

                > why

                """, md.toString());
        assertEquals("a/b c", Markdown.cell("a|b\nc"));
    }
}
