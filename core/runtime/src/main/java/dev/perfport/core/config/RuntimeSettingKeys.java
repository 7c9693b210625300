package dev.perfport.core.config;

import dev.perfport.core.backend.SettingKeys;
import dev.perfport.core.tune.TuneCache;

import java.util.ArrayList;
import java.util.List;

/** The keys the runtime itself reads: the backend, plugins folder, home, cache folder and tuning cache. */
public final class RuntimeSettingKeys implements SettingKeys {
    @Override
    public List<String> keys() {
        List<String> k = new ArrayList<>(PerfportConfig.KEYS);
        k.add(TuneCache.CONFIG_KEY);
        return List.copyOf(k);
    }
}
