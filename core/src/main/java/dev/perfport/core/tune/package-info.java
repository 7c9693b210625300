/**
 * A reusable tuner: a {@link dev.perfport.core.tune.Space} of named integer parameters with
 * constraints, an {@link dev.perfport.core.tune.Objective}, a caller-supplied
 * {@link dev.perfport.core.tune.Evaluator}, and a {@link dev.perfport.core.tune.Strategy}
 * (exhaustive grid, seeded random, or the hierarchical method of seed 000 §3.3). Results are kept
 * in a {@link dev.perfport.core.tune.TuneCache} so that a killed run resumes. Nothing here knows a
 * workload or a backend: workloads supply the space, the hierarchy and the evaluation.
 */
package dev.perfport.core.tune;
