package dev.perfport.cli.commands;

import dev.perfport.cli.Context;
import dev.perfport.cli.format.Csv;
import dev.perfport.cli.format.Json;
import dev.perfport.cli.format.Table;
import dev.perfport.workloads.Workload;
import dev.perfport.workloads.Workloads;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code perfport workloads}: names, seed, variants, default parameters and parameter help. */
public record WorkloadsCommand() implements Command {

    @Override
    public int execute(Context ctx) {
        List<Map<String, Object>> l = new ArrayList<>();
        for (Workload w : Workloads.all()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", w.name());
            m.put("seed", w.seed());
            m.put("description", w.description());
            m.put("variants", w.variants());
            m.put("defaults", new LinkedHashMap<>(w.defaults().asMap()));
            m.put("paramHelp", w.paramHelp());
            l.add(m);
        }
        switch (ctx.format()) {
            case JSON -> ctx.out().println(Json.write(l));
            case CSV -> {
                // lists joined with " | " rather than spaces: help lines contain spaces
                List<Map<String, Object>> rows = new ArrayList<>();
                for (Map<String, Object> m : l) {
                    Map<String, Object> r = new LinkedHashMap<>(m);
                    r.put("variants", String.join(" ", castList(m.get("variants"))));
                    r.put("paramHelp", String.join(" | ", castList(m.get("paramHelp"))));
                    rows.add(r);
                }
                ctx.out().print(Csv.write(rows));
            }
            case TABLE -> {
                for (int i = 0; i < Workloads.all().size(); i++) {
                    Workload w = Workloads.all().get(i);
                    if (i > 0) ctx.out().println();
                    ctx.out().println(w.name() + "  (seed " + w.seed() + ")");
                    ctx.out().print(Table.wrap(w.description(), 96, "  "));
                    ctx.out().println("  variants: " + String.join(", ", w.variants()));
                    StringBuilder d = new StringBuilder();
                    w.defaults().asMap().forEach((k, v) -> d.append(d.isEmpty() ? "" : " ").append(k).append('=').append(v));
                    ctx.out().println("  defaults: " + d);
                    if (!w.paramHelp().isEmpty()) {
                        ctx.out().println("  parameters:");
                        for (String h : w.paramHelp()) ctx.out().println("    " + h);
                    }
                }
            }
        }
        return 0;
    }

    @SuppressWarnings("unchecked")
    private static List<String> castList(Object o) {
        return (List<String>) o;
    }
}
