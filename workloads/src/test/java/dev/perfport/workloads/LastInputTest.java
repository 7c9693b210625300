package dev.perfport.workloads;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

class LastInputTest {
    private record Key(int n, long seed) {
    }

    @Test
    void anEqualKeyGetsTheLastInputAndAnotherKeyANewOne() {
        LastInput<Key, int[]> last = new LastInput<>();
        AtomicInteger made = new AtomicInteger();
        int[] a = last.get(new Key(4, 1), () -> new int[made.incrementAndGet()]);
        assertSame(a, last.get(new Key(4, 1), () -> new int[made.incrementAndGet()]), "made once for equal keys");
        int[] b = last.get(new Key(4, 2), () -> new int[made.incrementAndGet()]);
        assertNotSame(a, b);
        assertNotSame(a, last.get(new Key(4, 1), () -> new int[made.incrementAndGet()]), "only the last input is kept");
        assertEquals(3, made.get());
    }
}
