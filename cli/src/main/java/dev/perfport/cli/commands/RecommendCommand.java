package dev.perfport.cli.commands;

import dev.perfport.cli.Context;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.transfer.TransferCapable;
import dev.perfport.core.transfer.TransferStrategy;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.convolution.ConvolutionTransfers;
import dev.perfport.workloads.transfer.TransferModel;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code perfport recommend transfers <workload>}: on each device (the selectors', or every
 * available one), fits the transfer model (seed 002 §6), measures the kernel time once with
 * explicit copies, and names the strategy the model predicts fastest, with every strategy's
 * prediction. A device whose backend runs only explicit copies says so.
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
        for (Targets.Target t : targets) {
            if (t.problem() != null) continue;
            String where = t.backendId() + ":" + t.index() + " (" + t.device().name() + ")";
            try (DeviceSession s = t.backend().open(t.index())) {
                if (!(s instanceof TransferCapable tc)) {
                    ctx.out().println(where + ": explicit (the only strategy " + t.backendId() + " can run; see docs/results/seed-002.md)");
                    continue;
                }
                Map<TransferStrategy, Double> pred = ConvolutionTransfers.recommend(s, p);
                TransferModel m = ConvolutionTransfers.model(s, tc);
                TransferStrategy best = pred.entrySet().stream().min(Comparator.comparingDouble(Map.Entry::getValue)).orElseThrow().getKey();
                StringBuilder b = new StringBuilder(where + ": " + best.id() + " (predicted");
                pred.forEach((k, v) -> b.append(String.format(Locale.ROOT, " %s %.3f ms", k.id(), v / 1e6)));
                b.append(String.format(Locale.ROOT, "; model: %s, H2D %.2f GB/s R² %.3f, D2H %.2f GB/s R² %.3f)", m.category().name(),
                        m.link(TransferModel.Direction.H2D).gbPerSecond(), m.link(TransferModel.Direction.H2D).r2(),
                        m.link(TransferModel.Direction.D2H).gbPerSecond(), m.link(TransferModel.Direction.D2H).r2()));
                ctx.out().println(b);
            } catch (RuntimeException e) {
                ctx.err().println("perfport: " + where + ": " + e.getMessage());
                code = 1;
            }
        }
        return code;
    }
}
