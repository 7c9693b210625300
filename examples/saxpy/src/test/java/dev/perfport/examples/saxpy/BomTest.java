package dev.perfport.examples.saxpy;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The BOM and the aggregate stay complete: every module perfport publishes (core, workloads,
 * every backend, the aggregate) is in {@code perfport-bom} at the build's version, every backend
 * is in {@code perfport-backends}, and the README's snippet names them as they are.
 */
class BomTest {
    private static final Path ROOT = Path.of(System.getProperty("examples.repo.root", "../.."));

    private static Document xml(Path p) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(p.toFile());
    }

    private static String text(Element parent, String tag) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(tag)) return e.getTextContent().trim();
        }
        return null;
    }

    /** The artifactId of every module of the root pom, profiles included. */
    private static List<String> modules() throws Exception {
        List<String> ids = new ArrayList<>();
        NodeList ms = xml(ROOT.resolve("pom.xml")).getElementsByTagName("module");
        for (int i = 0; i < ms.getLength(); i++) {
            Document d = xml(ROOT.resolve(ms.item(i).getTextContent().trim()).resolve("pom.xml"));
            ids.add(text(d.getDocumentElement(), "artifactId"));
        }
        return ids;
    }

    private static Set<String> dependencies(Document d) {
        Set<String> s = new TreeSet<>();
        NodeList deps = d.getElementsByTagName("dependency");
        for (int i = 0; i < deps.getLength(); i++) {
            Element e = (Element) deps.item(i);
            if ("dev.perfport".equals(text(e, "groupId"))) s.add(text(e, "artifactId"));
        }
        return s;
    }

    @Test
    void theBomManagesEveryPublishedModuleAtTheBuildsVersion() throws Exception {
        Document bom = xml(ROOT.resolve("bom/pom.xml"));
        Document parent = xml(ROOT.resolve("pom.xml"));
        String version = text(parent.getDocumentElement(), "version");
        assertEquals(version, text(bom.getDocumentElement(), "version"), "the BOM's version must be the build's");
        assertTrue(bom.getDocumentElement().getElementsByTagName("perfport.version").item(0).getTextContent().equals(version));
        Set<String> published = new TreeSet<>();
        for (String id : modules()) {
            // the command line, the examples and the BOM itself are not dependencies
            if (!id.equals("perfport-cli") && !id.startsWith("perfport-example") && !id.equals("perfport-bom")) published.add(id);
        }
        assertTrue(published.containsAll(Set.of("perfport-core-api", "perfport-runtime", "perfport-workloads", "perfport-backends")), published.toString());
        Set<String> managed = dependencies(bom);
        assertTrue(managed.containsAll(published), "perfport-bom lacks " + minus(published, managed));
    }

    @Test
    void theAggregateBringsEveryBackend() throws Exception {
        Set<String> backends = new TreeSet<>();
        for (String id : modules()) if (id.startsWith("perfport-backend-")) backends.add(id);
        backends.add("perfport-backend-tornado");   // built in the profile tornado only
        Set<String> brought = dependencies(xml(ROOT.resolve("backends/pom.xml")));
        assertTrue(brought.containsAll(backends), "perfport-backends lacks " + minus(backends, brought));
    }

    @Test
    void theReadmeSnippetNamesTheBomAndTheAggregate() throws Exception {
        String readme = Files.readString(ROOT.resolve("README.md"));
        for (String s : List.of("<artifactId>perfport-bom</artifactId>", "<artifactId>perfport-backends</artifactId>",
                "<artifactId>perfport-runtime</artifactId>", "<scope>import</scope>")) {
            assertTrue(readme.contains(s), "README's 'Example: the library' snippet lacks " + s);
        }
    }

    private static Set<String> minus(Set<String> a, Set<String> b) {
        Set<String> s = new TreeSet<>(a);
        s.removeAll(b);
        return s;
    }
}
