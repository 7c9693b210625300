package dev.perfport.workloads;

import java.lang.ref.SoftReference;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The last input a workload generated, kept softly with the key it was made for: compare runs one input on every
 * route, strategy and variant, and at GPU sizes making it (and its reference) costs seconds a row. The memory goes
 * back to the heap whenever the collector needs it, and the old input is let go before a new one is made.
 *
 * @param <K> what the input is made from (a record of the sizes, type and seed)
 * @param <V> the input
 */
public final class LastInput<K, V> {
    private SoftReference<Entry<K, V>> last = new SoftReference<>(null);

    private record Entry<K, V>(K key, V value) {
    }

    /**
     * {@return the input for {@code key}: the last one when it was made for an equal key, else a new one}
     *
     * @param key  what the input is made from
     * @param make makes it
     */
    public synchronized V get(K key, Supplier<V> make) {
        Entry<K, V> e = last.get();
        if (e != null && Objects.equals(e.key(), key)) return e.value();
        last.clear();   // the old arrays can go before the new ones are made
        V v = make.get();
        last = new SoftReference<>(new Entry<>(key, v));
        return v;
    }
}
