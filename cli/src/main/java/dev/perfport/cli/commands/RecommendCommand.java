package dev.perfport.cli.commands;

import dev.perfport.cli.Context;
import dev.perfport.cli.format.Csv;
import dev.perfport.cli.format.Format;
import dev.perfport.cli.format.Json;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.transfer.TransferCapable;
import dev.perfport.core.transfer.TransferStrategy;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.convolution.ConvolutionTransfers;
import dev.perfport.workloads.transfer.TransferModel;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code perfport recommend transfers <workload>}: on each device (the selectors', or every
 * available one), fits the transfer model (seed 002 §6), measures the kernel time once with
 * explicit copies, and names the strategy the model predicts fastest, with every strategy's
 * prediction. A device whose backend runs only explicit copies says so. {@code --format json} prints one
 * object per device ({@code selector}, {@code device}, {@code best}, {@code predictedMs} per strategy, the
 * model's {@code category} and links), {@code csv} one row per device with the predictions as columns.
 *
 * @param positional what to recommend ({@code transfers}) and the workload
 * @param selectors  --backend selectors
 * @param params     --param items of the workload
 */
public record RecommendCommand(List<String> positional, List<String> selectors, List<String> params) implements Command {
    static final List<String> WORKLOADS = List.of("convolution", "convolution-transfers");

    @Override
    public int execute(Context ctx) {
        if (positional.isEmpty() || !positional.getFirst().equals("transfers")) {
            throw new ConfigException("recommend knows one question: 'perfport recommend transfers <workload>'");
        }
        if (positional.size() < 2 || !WORKLOADS.contains(positional.get(1))) {
            throw new ConfigException("recommend transfers needs a workload with a transfer model: " + String.join(", ", WORKLOADS)
                    + (positional.size() < 2 ? "" : " (got '" + positional.get(1) + "')"));
        }
        Params p = Params.parse(params);
        List<Targets.Target> targets = selectors.isEmpty() ? Targets.all(ctx.registry(), ctx.err()) : Targets.of(ctx.registry(), selectors);
        int code = 0;
        List<Map<String, Object>> records = new ArrayList<>();
        for (Targets.Target t : targets) {
            if (t.problem() != null) continue;
            String selector = t.backendId() + ":" + t.index(), where = selector + " (" + t.device().name() + ")";
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("selector", selector);
            r.put("device", t.device().name());
            try (DeviceSession s = t.backend().open(t.index())) {
                if (!(s instanceof TransferCapable tc)) {
                    r.put("best", TransferStrategy.EXPLICIT.id());
                    r.put("note", "the only strategy " + t.backendId() + " can run; see docs/results/seed-002.md");
                    records.add(r);
                    if (ctx.format() == Format.TABLE) ctx.out().println(where + ": explicit (" + r.get("note") + ")");
                    continue;
                }
                Map<TransferStrategy, Double> pred = ConvolutionTransfers.recommend(s, p);
                TransferModel m = ConvolutionTransfers.model(s, tc);
                TransferStrategy best = pred.entrySet().stream().min(Comparator.comparingDouble(Map.Entry::getValue)).orElseThrow().getKey();
                Map<String, Object> ms = new LinkedHashMap<>();
                pred.forEach((k, v) -> ms.put(k.id(), v / 1e6));
                TransferModel.Link h2d = m.link(TransferModel.Direction.H2D), d2h = m.link(TransferModel.Direction.D2H);
                r.put("best", best.id());
                r.put("predictedMs", ms);
                r.put("category", m.category().name());
                r.put("h2dGBps", h2d.gbPerSecond());
                r.put("h2dR2", h2d.r2());
                r.put("d2hGBps", d2h.gbPerSecond());
                r.put("d2hR2", d2h.r2());
                records.add(r);
                if (ctx.format() == Format.TABLE) {
                    StringBuilder b = new StringBuilder(where + ": " + best.id() + " (predicted");
                    pred.forEach((k, v) -> b.append(String.format(Locale.ROOT, " %s %.3f ms", k.id(), v / 1e6)));
                    b.append(String.format(Locale.ROOT, "; model: %s, H2D %.2f GB/s R² %.3f, D2H %.2f GB/s R² %.3f)", m.category().name(),
                            h2d.gbPerSecond(), h2d.r2(), d2h.gbPerSecond(), d2h.r2()));
                    ctx.out().println(b);
                }
            } catch (RuntimeException e) {
                ctx.err().println("perfport: " + where + ": " + e.getMessage());
                code = 1;
            }
        }
        switch (ctx.format()) {
            case JSON -> ctx.out().println(Json.write(records));
            case CSV -> ctx.out().print(Csv.write(records));   // predictedMs flattens to predictedMs.<strategy> columns
            case TABLE -> {
                // printed per device above, as each is measured
            }
        }
        return code;
    }
}
