package dev.perfport.core.result;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class CountersTest {

    @Test
    void printsItsCountsSortedByName() {
        Counters c = new Counters();
        assertEquals("Counters{}", c.toString());
        c.add(Counters.WORK_GROUPS, 16);
        c.add(Counters.GLOBAL_ATOMICS, 3);
        c.add(Counters.GLOBAL_ATOMICS, 2);
        assertEquals("Counters{globalAtomics=5, workGroups=16}", c.toString());
    }
}
