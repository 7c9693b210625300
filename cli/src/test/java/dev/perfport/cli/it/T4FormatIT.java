package dev.perfport.cli.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.dialect.Dialects;
import dev.perfport.cli.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code perfport tune ... --format t4} writes Kernel Tuner's T4 results format: the document
 * validates against the T4 results schema and its metadata against the T4 metadata schema
 * (src/test/resources/kernel-tuner-t4, copied from Kernel Tuner with its licence), with one result
 * per evaluated configuration.
 */
class T4FormatIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static Schema schema(String name) throws Exception {
        try (InputStream in = T4FormatIT.class.getResourceAsStream("/kernel-tuner-t4/" + name)) {
            return SchemaRegistry.withDialect(Dialects.getDraft202012()).getSchema(in);
        }
    }

    @Test
    void tuneWritesT4ThatKernelTunersSchemaAccepts(@TempDir Path dir) throws Exception {
        Run r = Run.of("--config", "perfport.tune.cache=" + dir.resolve("cache.json"), "tune", "var", "--backend", "cell-emulation",
                "--strategy", "exhaustive", "--param", "posbs=16,256", "--param", "simbs=1,4", "--param", "vwidth=1",
                "--param", "wgsize=4", "--param", "ngroup=1,6", "--param", "npos=2048", "--param", "reps=1", "--format", "t4");
        Dist.assertExit(0, r);
        JsonNode doc = JSON.readTree(r.out());
        List<Error> errors = schema("results-schema.json").validate(doc);
        assertEquals(List.of(), errors, r.out());
        assertEquals(List.of(), schema("metadata-schema.json").validate(doc), r.out());

        assertEquals("1.0.0", doc.get("schema_version").asText());
        JsonNode results = doc.get("results");
        assertEquals(8, results.size(), "one result per configuration of the 2x2x2 grid: " + r.out());
        Set<String> configs = new HashSet<>();
        for (JsonNode x : results) {
            configs.add(x.get("configuration").toString());
            assertTrue(x.get("configuration").has("posbs") && x.get("configuration").has("ngroup"), x.toString());
            assertEquals("correct", x.get("invalidity").asText(), x.toString());
            assertEquals(1, x.get("correctness").asInt());
            String objective = x.get("objectives").get(0).asText();
            assertTrue(objective.contains("mpps"), objective);
            boolean valued = false;
            for (JsonNode m : x.get("measurements")) valued |= m.get("name").asText().equals(objective) && m.get("value").asDouble() > 0;
            assertTrue(valued, "the objective's value is a measurement: " + x);
        }
        assertEquals(8, configs.size());
        assertTrue(doc.at("/metadata/hardware/operating_system").asText().contains("Linux"), doc.get("metadata").toString());
        assertTrue(doc.at("/metadata/environment/device_query/perfport/runs/0/device").asText().contains("Cell"), doc.get("metadata").toString());

        // the validator does judge: an invalidity outside T4's list is refused
        ObjectNode broken = doc.deepCopy();
        ((ObjectNode) broken.get("results").get(0)).put("invalidity", "slow");
        assertFalse(schema("results-schema.json").validate(broken).isEmpty());
    }

    @Test
    void t4IsForTuneOnly() {
        BadInputIT.assertOneLineError(Run.of("compare", "reduction", "--format", "t4"), "--format t4", "is for tune only");
    }
}
