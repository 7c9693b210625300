package dev.perfport.conformance;

/**
 * An int input with its exact sum, for the reduction checks of the kit and the backends' own tests.
 *
 * @param data the elements
 * @param sum  their sum, in a long
 */
public record IntInput(int[] data, long sum) {
    /** {@code data[i] = i % period - shift}: small values of both signs, so that a lost or doubled part shows in the sum. */
    public static IntInput sawtooth(int n, int period, int shift) {
        int[] data = new int[n];
        long sum = 0;
        for (int i = 0; i < n; i++) {
            data[i] = i % period - shift;
            sum += data[i];
        }
        return new IntInput(data, sum);
    }
}
