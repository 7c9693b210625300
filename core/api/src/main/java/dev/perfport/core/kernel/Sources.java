package dev.perfport.core.kernel;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Loads kernel source text kept as a resource beside the class that defines the kernel. */
public final class Sources {
    private Sources() {
    }

    /**
     * {@return the text of {@code resource}, resolved relative to {@code anchor}'s package}
     *
     * @param anchor   a class beside the resource
     * @param resource the resource's name, e.g. {@code reduction.cl}
     */
    public static String load(Class<?> anchor, String resource) {
        try (InputStream in = anchor.getResourceAsStream(resource)) {
            if (in == null) throw new IllegalStateException("kernel source " + resource + " not found beside " + anchor.getName());
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
