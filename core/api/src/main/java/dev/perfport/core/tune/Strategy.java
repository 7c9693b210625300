package dev.perfport.core.tune;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/** How the tuner walks the space. */
public sealed interface Strategy {

    /** {@return short name for output: exhaustive, random, hierarchical} */
    String name();

    /** Every grid point that satisfies the constraints. */
    record Exhaustive() implements Strategy {
        @Override
        public String name() {
            return "exhaustive";
        }
    }

    /**
     * Grid points in a seeded random order, without repetition, until {@code budget} evaluations
     * (constraint refusals do not count) or the grid is exhausted.
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
