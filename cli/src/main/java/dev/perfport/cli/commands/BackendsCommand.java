package dev.perfport.cli.commands;

import dev.perfport.cli.Context;
import dev.perfport.cli.format.Csv;
import dev.perfport.cli.format.Json;
import dev.perfport.cli.format.Table;
import dev.perfport.core.plugin.BackendRegistry;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code perfport backends}: every backend with status, origin and device count, then plugin problems. */
public record BackendsCommand() implements Command {

    @Override
    public int execute(Context ctx) {
        BackendRegistry reg = ctx.registry();
        List<Map<String, Object>> backends = new ArrayList<>();
        for (BackendRegistry.Entry e : reg.entries()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", e.id());
            m.put("status", e.available() ? "available" : "unavailable");
            m.put("reason", e.reason());
            m.put("devices", deviceCount(e));
            m.put("origin", e.origin());
            m.put("description", e.description());
            backends.add(m);
        }
        List<Map<String, Object>> problems = new ArrayList<>();
        for (BackendRegistry.PluginProblem p : reg.problems()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("file", p.file());
            m.put("reason", p.reason());
            problems.add(m);
        }
        switch (ctx.format()) {
            case JSON -> {
                Map<String, Object> doc = new LinkedHashMap<>();
                doc.put("pluginsDir", reg.pluginsDir() == null ? null : reg.pluginsDir().toString());
                doc.put("backends", backends);
                doc.put("pluginProblems", problems);
                ctx.out().println(Json.write(doc));
            }
            case CSV -> {
                // one table: backends, then problems as rows of kind "plugin-problem"
                List<Map<String, Object>> all = new ArrayList<>();
                for (Map<String, Object> b : backends) {
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("kind", "backend");
                    m.putAll(b);
                    all.add(m);
                }
                for (Map<String, Object> p : problems) {
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("kind", "plugin-problem");
                    m.put("id", null);
                    m.put("status", "broken");
                    m.put("reason", p.get("reason"));
                    m.put("devices", null);
                    m.put("origin", p.get("file"));
                    all.add(m);
                }
                ctx.out().print(Csv.write(all));
            }
            case TABLE -> {
                Table t = new Table("BACKEND", "STATUS", "DEVICES", "ORIGIN").right(2).limit(1, 100);
                List<String> reasons = new ArrayList<>();
                for (Map<String, Object> b : backends) {
                    String reason = (String) b.get("reason");
                    String status = "available";
                    if (reason != null) {
                        status = "unavailable: " + Targets.brief(reason);
                        // long reasons (native loader traces) are cut in the table and shown whole below
                        if (!status.equals("unavailable: " + reason.strip())) reasons.add(b.get("id") + ": " + reason.strip());
                    }
                    t.add((String) b.get("id"), status, String.valueOf(b.get("devices")), (String) b.get("origin"));
                }
                ctx.out().println("Backends (plugins folder " + reg.pluginsDir() + "):");
                if (t.size() == 0) {
                    ctx.out().println("  none found");
                } else {
                    ctx.out().print(t.render());
                }
                if (!reasons.isEmpty()) {
                    ctx.out().println();
                    ctx.out().println("Why unavailable:");
                    for (String r : reasons) ctx.out().print(Table.wrap(r, 100, "  "));
                }
                if (!problems.isEmpty()) {
                    ctx.out().println();
                    ctx.out().println("Plugin problems:");
                    for (Map<String, Object> p : problems) {
                        ctx.out().print(Table.wrap(p.get("file") + ": " + p.get("reason"), 100, "  "));
                    }
                }
            }
        }
        return 0;
    }

    static int deviceCount(BackendRegistry.Entry e) {
        if (e.backend() == null) return 0;
        try {
            return e.backend().devices().size();
        } catch (RuntimeException ex) {
            return 0;
        }
    }
}
