/**
 * Tuning: a {@link dev.perfport.core.tune.Space} of named integer parameters with constraints, an
 * {@link dev.perfport.core.tune.Objective}, a caller-supplied {@link dev.perfport.core.tune.Evaluator},
 * and a {@link dev.perfport.core.tune.Strategy} (exhaustive grid, seeded random, or the hierarchical
 * method of seed 000 §3.3). These types are the vocabulary a workload declares its tuning with, and
 * live in the API. The search itself (the {@code Tuner}), the resumable tuning cache and the model
 * fits are in the same package of the runtime artifact, so nothing here knows a workload, a
 * backend, or how results are stored.
 */
package dev.perfport.core.tune;
