package dev.perfport.cli.commands;

import dev.perfport.cli.Context;
import dev.perfport.cli.Labels;
import dev.perfport.cli.Records;
import dev.perfport.cli.format.Csv;
import dev.perfport.cli.format.Json;
import dev.perfport.cli.format.Table;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.Feature;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.device.MemoryLevelInfo;
import dev.perfport.core.plugin.BackendRegistry;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** {@code perfport devices}: every device of the available backends, or of the given selectors. */
public record DevicesCommand(List<String> selectors) implements Command {

    @Override
    public int execute(Context ctx) {
        BackendRegistry reg = ctx.registry();
        // every device is listed, also those chosen only by name (each shows its selector)
        List<Targets.Target> targets = selectors.isEmpty()
                ? Targets.all(reg, ctx.err(), true)
                : Targets.of(reg, selectors, true);
        boolean unavailable = false;
        List<Targets.Target> devices = new ArrayList<>();
        for (Targets.Target t : targets) {
            if (t.problem() != null) {
                // named explicitly and unusable: say why, and let the exit code show it
                ctx.err().println("perfport: " + t.problem());
                unavailable = true;
            } else {
                devices.add(t);
            }
        }
        switch (ctx.format()) {
            case JSON -> ctx.out().println(Json.write(records(devices)));
            case CSV -> ctx.out().print(Csv.write(records(devices)));
            case TABLE -> {
                if (devices.isEmpty()) ctx.out().println("No devices.");
                for (int i = 0; i < devices.size(); i++) {
                    if (i > 0) ctx.out().println();
                    ctx.out().print(describe(devices.get(i)));
                }
            }
        }
        return unavailable ? 1 : 0;
    }

    private static List<Map<String, Object>> records(List<Targets.Target> devices) {
        List<Map<String, Object>> l = new ArrayList<>();
        for (Targets.Target t : devices) l.add(Records.device(t.backendId(), t.index(), t.device()));
        return l;
    }

    static String describe(Targets.Target t) {
        DeviceInfo d = t.device();
        StringBuilder sb = new StringBuilder();
        sb.append(t.selector()).append("  ").append(d.name()).append('\n');
        field(sb, "vendor", d.vendor());
        field(sb, "type", d.type().label());
        field(sb, "compute units", String.valueOf(d.computeUnits()));
        field(sb, "max work-group", d.maxWorkGroupSize() + " work-items; max item sizes "
                + d.maxWorkItemSizes().stream().map(String::valueOf).collect(Collectors.joining(" x ")));
        sb.append("  memory:\n");
        Table mem = new Table("LEVEL", "CAPACITY", "SCOPE", "HOST-VISIBLE", "SUPPORT", "NOTE").right(1);
        for (MemoryLevel l : MemoryLevel.values()) {
            MemoryLevelInfo i = d.memory(l);
            mem.add(Labels.of(l), i.capacityBytes() == 0 ? "-" : Labels.bytes(i.capacityBytes()), Labels.of(i.scope()),
                    i.hostVisible() ? "yes" : "no", Labels.of(i.support()), i.note());
        }
        indent(sb, mem.render());
        sb.append("  features:\n");
        Table f = new Table("FEATURE", "SUPPORT");
        for (Feature x : Feature.values()) f.add(Labels.of(x), Labels.of(d.support(x)));
        indent(sb, f.render());
        if (!d.properties().isEmpty()) {
            // key and value, long values (extension lists) wrapped under the value column
            sb.append("  properties:\n");
            int w = d.properties().keySet().stream().mapToInt(String::length).max().orElse(0);
            String hang = " ".repeat(4 + w + 2);
            d.properties().forEach((k, v) -> {
                String wrapped = Table.wrap(v == null ? "" : v, Math.max(40, 100 - hang.length()), hang);
                sb.append("    ").append(String.format("%-" + w + "s", k)).append("  ").append(wrapped.substring(hang.length()));
            });
        }
        return sb.toString();
    }

    private static void field(StringBuilder sb, String name, String value) {
        sb.append("  ").append(String.format("%-16s", name)).append(value).append('\n');
    }

    private static void indent(StringBuilder sb, String block) {
        for (String line : block.split("\n")) sb.append("    ").append(line).append('\n');
    }
}
