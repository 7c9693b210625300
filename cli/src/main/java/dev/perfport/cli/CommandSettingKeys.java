package dev.perfport.cli;

import dev.perfport.cli.report.Seed003Shapes;
import dev.perfport.core.backend.SettingKeys;

import java.util.List;
import java.util.Set;

/** The keys the command reads, and the environment variables of its launcher, which are no setting. */
public final class CommandSettingKeys implements SettingKeys {
    @Override
    public List<String> keys() {
        return List.of(dev.perfport.cli.commands.TunedLookups.DATABASE_KEY, Seed003Shapes.PROPERTY_PREFIX + "*", ClusterHandOff.LIB_KEY);
    }

    @Override
    public Set<String> variables() {
        return Set.of("PERFPORT_JAVA_HOME", "PERFPORT_JAVA_OPTS", "PERFPORT_NO_BUILD");
    }
}
