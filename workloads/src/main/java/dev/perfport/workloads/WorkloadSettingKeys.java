package dev.perfport.workloads;

import dev.perfport.core.backend.SettingKeys;
import dev.perfport.workloads.var.Mt607Creator;

import java.util.List;

/** The keys the workloads read: where Monte Carlo VaR keeps its MT607 parameter file. */
public final class WorkloadSettingKeys implements SettingKeys {
    @Override
    public List<String> keys() {
        return List.of(Mt607Creator.FILE_PROPERTY);
    }
}
