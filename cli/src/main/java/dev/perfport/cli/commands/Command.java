package dev.perfport.cli.commands;

import dev.perfport.cli.Context;

/** One subcommand. Returns the exit code; throws ConfigException or UsageException for exit code 2. */
public sealed interface Command permits BackendsCommand, DevicesCommand, WorkloadsCommand, RunCommand, TuneCommand,
        ReportCommand, BenchCommand, RecommendCommand {
    int execute(Context ctx);
}
