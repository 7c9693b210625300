package dev.perfport.core.tune;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/** How the tuner walks the space. */
public sealed interface Strategy {

    /** {@return short name for output: exhaustive, random, genetic, hierarchical} */
    String name();

    /** Every grid point that satisfies the constraints. */
    record Exhaustive() implements Strategy {
        @Override
        public String name() {
            return "exhaustive";
        }
    }

    /**
     * Grid points that satisfy the space's constraints, in a seeded random order, without
     * repetition, until {@code budget} evaluations (refusals before running do not count) or the
     * valid points are exhausted; a point that breaks a constraint is passed over in the sampler.
     *
     * @param seed   the random order's seed
     * @param budget evaluations at most, at least 1
     */
    record RandomSearch(long seed, int budget) implements Strategy {
        /** Checks the budget. */
        public RandomSearch {
            if (budget < 1) throw new IllegalArgumentException("random search budget must be >= 1, got " + budget);
        }

        @Override
        public String name() {
            return "random";
        }
    }

    /**
     * A genetic algorithm in the manner of Kernel Tuner's (Schoonhoven et al. 2022, "Benchmarking
     * optimization algorithms for auto-tuning GPU kernels", where it is among the best in small
     * budgets): a population of valid points, parents picked by tournament, uniform crossover,
     * mutation to neighbouring grid values, children repaired into the valid set or drawn afresh,
     * no point evaluated twice; until {@code budget} evaluations (refusals do not count) or the valid
     * points run out. The same seed makes the same decisions.
     *
     * @param seed       the random choices' seed
     * @param budget     evaluations at most, at least 1
     * @param population points per generation, at least 2
     * @param seeds      configurations by name that start the first generation (e.g. the workload's
     *                   default), so the search never ends worse than they are; those outside the
     *                   space or its constraints are skipped
     */
    record Genetic(long seed, int budget, int population, List<Map<String, Integer>> seeds) implements Strategy {
        /** The largest default population, Kernel Tuner's. */
        public static final int POPULATION = 20;

        /** Checks the bounds. */
        public Genetic {
            if (budget < 1) throw new IllegalArgumentException("genetic search budget must be >= 1, got " + budget);
            if (population < 2) throw new IllegalArgumentException("genetic search population must be >= 2, got " + population);
            seeds = seeds.stream().map(Map::copyOf).toList();
        }

        /**
         * A search of the default population for its budget, {@link #populationFor}.
         *
         * @param seed   the random choices' seed
         * @param budget evaluations at most
         * @param seeds  configurations of the first generation
         */
        public Genetic(long seed, int budget, List<Map<String, Integer>> seeds) {
            this(seed, budget, populationFor(budget), seeds);
        }

        /**
         * {@return the default population for a budget: a fifteenth of it, from 6 to 20 (Kernel
         * Tuner's 20)} A small budget gets a small population, hence more generations: on a
         * GEMM-like synthetic space (9 knobs, 27,496 valid points) a budget of 100 found the optimum
         * from 20 of 20 seeds with 6 points a generation, 4 of 20 with 20.
         *
         * @param budget evaluations at most
         */
        public static int populationFor(int budget) {
            return Math.max(6, Math.min(POPULATION, budget / 15));
        }

        @Override
        public String name() {
            return "genetic";
        }
    }

    /**
     * The hierarchical method of seed 000 §3.3, made generic: starting from {@code start}, each
     * stage sweeps its parameters (others fixed at the current choice) and picks by its rule;
     * then the review shrinks parameters one step at a time while the objective improves.
     *
     * @param start  the starting configuration by name (every parameter; e.g. one work-item:
     *               wgsize = ngroup = simbs = vwidth = 1)
     * @param stages in order, e.g. posbs, simbs, vwidth, then wgsize, then ngroup
     * @param review the review step, or null for none
     */
    record Hierarchical(Map<String, Integer> start, List<Stage> stages, Review review) implements Strategy {
        /** Checks that there is a stage. */
        public Hierarchical {
            start = Map.copyOf(start);
            stages = List.copyOf(stages);
            if (stages.isEmpty()) throw new IllegalArgumentException("a hierarchical strategy needs at least one stage");
        }

        @Override
        public String name() {
            return "hierarchical";
        }
    }

    /**
     * One level of the hierarchy: the parameters swept together (their grid) and the rule that
     * picks one point.
     *
     * @param name   shown in the trace
     * @param params the parameters swept together
     * @param rule   how the stage picks a point
     */
    record Stage(String name, List<String> params, Rule rule) {
        /** Checks that the stage sweeps a parameter and has a rule. */
        public Stage {
            Objects.requireNonNull(name);
            params = List.copyOf(params);
            if (params.isEmpty()) throw new IllegalArgumentException("stage " + name + " sweeps no parameter");
            Objects.requireNonNull(rule);
        }

        /**
         * {@return a stage that sweeps one parameter, named after it}
         *
         * @param param the parameter
         * @param rule  how the stage picks a value
         */
        public static Stage of(String param, Rule rule) {
            return new Stage(param, List.of(param), rule);
        }
    }

    /** How a stage picks among the points it swept. */
    sealed interface Rule {
        /** The best point. */
        record Best() implements Rule {
        }

        /**
         * The smallest point (comparing the stage's parameters in order) whose value is at least
         * {@code fraction} as good as the stage's best: small blocks cost local memory, so take
         * the smallest that is nearly as fast (seed 000: 97 %).
         *
         * @param fraction in (0, 1], e.g. 0.97
         */
        record SmallestWithin(double fraction) implements Rule {
            /** Checks the fraction. */
            public SmallestWithin {
                if (!(fraction > 0 && fraction <= 1)) throw new IllegalArgumentException("fraction must be in (0, 1], got " + fraction);
            }
        }

        /** {@return the rule that picks the best point} */
        static Rule best() {
            return new Best();
        }

        /**
         * {@return the rule that picks the smallest point within {@code fraction} of the best}
         *
         * @param fraction in (0, 1], e.g. 0.97
         */
        static Rule smallestWithin(double fraction) {
            return new SmallestWithin(fraction);
        }

        /** {@return the rule in words, for the trace} */
        default String describe() {
            return switch (this) {
                case Best b -> "best";
                case SmallestWithin s -> String.format(Locale.ROOT, "smallest within %.0f %% of best", s.fraction() * 100);
            };
        }
    }

    /**
     * The review step (seed 000 §3.3 step 4): for each parameter in order, try its next smaller
     * value; keep it when the objective improves by more than {@code minImprovement} (relative:
     * 0.03 asks for 3 % more throughput or 3 % less time; 0 takes any strict improvement, and a
     * margin keeps measurement noise from shrinking a good configuration); repeat the pass while
     * anything improved, at most {@code maxRounds} passes.
     *
     * <p>With {@code confirmRounds > 0} (for a measured, hence noisy, objective) a smaller value
     * that looks better is measured again side by side with the current point, one evaluation of
     * each in turn for that many rounds, and kept only if its best still beats the current
     * point's best by the margin: a shrink then rests on measurements taken at the same moments
     * of the machine, not on two taken minutes apart. These re-measurements are not new
     * configurations and do not count as evaluations; the trace reports them.
     *
     * @param params         the parameters reviewed, in order
     * @param maxRounds      passes at most, at least 1
     * @param minImprovement relative improvement a smaller value must bring, in [0, 1)
     * @param confirmRounds  side-by-side re-measurements of a candidate, 0 for none
     */
    record Review(List<String> params, int maxRounds, double minImprovement, int confirmRounds) {
        /** Checks the bounds. */
        public Review {
            params = List.copyOf(params);
            if (maxRounds < 1) throw new IllegalArgumentException("review needs maxRounds >= 1, got " + maxRounds);
            if (!(minImprovement >= 0 && minImprovement < 1)) {
                throw new IllegalArgumentException("review minImprovement must be in [0, 1), got " + minImprovement);
            }
            if (confirmRounds < 0) throw new IllegalArgumentException("review confirmRounds must be >= 0, got " + confirmRounds);
        }

        /**
         * A review without confirmation (a deterministic objective).
         *
         * @param params         the parameters reviewed, in order
         * @param maxRounds      passes at most
         * @param minImprovement relative improvement a smaller value must bring
         */
        public Review(List<String> params, int maxRounds, double minImprovement) {
            this(params, maxRounds, minImprovement, 0);
        }

        /**
         * A review that keeps any strict improvement.
         *
         * @param params    the parameters reviewed, in order
         * @param maxRounds passes at most
         */
        public Review(List<String> params, int maxRounds) {
            this(params, maxRounds, 0);
        }
    }
}
