package dev.perfport.cli.commands;

import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.plugin.BackendRegistry;
import dev.perfport.core.tune.BatchEvaluator;
import dev.perfport.core.tune.DeviceFingerprint;
import dev.perfport.core.tune.Evaluator;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Tunable;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code tune --devices a,b,...}: several local devices that evaluate one tuning run's batches at
 * once (the path a cluster's executors take, {@link BatchEvaluator#pool}). They must be the same
 * device to the tuning cache (one backend, one fingerprint), since every result is cached under
 * that one device; a device named more than once gets a session per mention (e.g. two emulator
 * instances: {@code --devices cell-emulation:0,cell-emulation:0}).
 */
final class DevicePool {
    private DevicePool() {
    }

    /** The devices of {@code list} (comma-separated selectors, repeats kept), checked to be one device to the cache. */
    static List<Targets.Target> targets(BackendRegistry reg, String list) {
        List<Targets.Target> l = new ArrayList<>();
        for (String sel : list.split(",", -1)) {
            if (sel.isBlank()) throw new ConfigException("--devices has an empty selector in '" + list + "'; e.g. --devices jocl:0,jocl:1");
            for (Targets.Target t : Targets.of(reg, List.of(sel.strip()))) {
                if (t.problem() != null) throw new ConfigException("--devices " + sel.strip() + ": backend " + t.backendId() + " is unavailable: " + t.problem());
                l.add(t);
            }
        }
        Targets.Target first = l.getFirst();
        DeviceFingerprint fp = DeviceFingerprint.of(first.device());
        for (Targets.Target t : l) {
            if (!t.backendId().equals(first.backendId()) || !DeviceFingerprint.of(t.device()).equals(fp)) {
                throw new ConfigException("--devices " + first.selector() + " (" + first.device().name() + ") and " + t.selector() + " ("
                        + t.device().name() + ") are different devices; a tuning run's results are cached under one backend and device"
                        + " fingerprint, so --devices takes identical devices (or one device several times, a session each)");
            }
        }
        return l;
    }

    /** The sessions' evaluators of one tuning problem as one batch evaluator: {@code first} is the first session's tuning. */
    static BatchEvaluator evaluator(Tunable t, List<DeviceSession> sessions, Tunable.Tuning first, String variant, Params fixed,
                                    Map<String, List<Integer>> grid) {
        if (sessions.size() == 1) return BatchEvaluator.sequential(first.evaluator());
        List<Evaluator> es = new ArrayList<>(List.of(first.evaluator()));
        for (DeviceSession s : sessions.subList(1, sessions.size())) es.add(t.tuning(s, variant, fixed, grid).evaluator());
        return BatchEvaluator.pool(es);
    }
}
