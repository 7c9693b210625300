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
    void theBomManagesEachArtifactOnce() throws Exception {
        NodeList deps = xml(ROOT.resolve("bom/pom.xml")).getElementsByTagName("dependency");
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < deps.getLength(); i++) {
            Element e = (Element) deps.item(i);
            ids.add(text(e, "groupId") + ":" + text(e, "artifactId") + ":" + text(e, "type") + ":" + text(e, "classifier"));
        }
        assertEquals(new TreeSet<>(ids).size(), ids.size(), "an artifact managed twice: " + ids);
    }

    /**
     * Every library module's jar has a sources jar and a javadoc jar beside it (attached by the
     * parent's maven-source-plugin and maven-javadoc-plugin), so that install and deploy ship them.
     * The reactor builds this example after those modules (it depends on them).
     */
    @Test
    void everyLibraryModuleHasSourcesAndJavadocJars() throws Exception {
        String version = text(xml(ROOT.resolve("pom.xml")).getDocumentElement(), "version");
        for (String module : List.of("core/api", "core/runtime", "workloads", "conformance", "backend-cell-emulation", "backend-jocl",
                "backend-aparapi")) {
            String id = text(xml(ROOT.resolve(module).resolve("pom.xml")).getDocumentElement(), "artifactId");
            Path target = ROOT.resolve(module).resolve("target");
            Path main = target.resolve(id + "-" + version + ".jar");
            if (!Files.isRegularFile(main)) System.out.println("SKIPPED: " + main + " is not built in this reactor (built alone?)");
            org.junit.jupiter.api.Assumptions.assumeTrue(Files.isRegularFile(main), () -> main + " is not built in this reactor");
            for (String classifier : List.of("sources", "javadoc")) {
                Path jar = target.resolve(id + "-" + version + "-" + classifier + ".jar");
                assertTrue(Files.isRegularFile(jar), jar + " was built");
                try (java.util.jar.JarFile j = new java.util.jar.JarFile(jar.toFile())) {
                    String wanted = classifier.equals("sources") ? ".java" : ".html";
                    assertTrue(j.stream().anyMatch(e -> e.getName().endsWith(wanted)), jar + " holds " + wanted + " files");
                }
            }
        }
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
