import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Expands kernel templates into Java sources at build time: one source per kernel for its element
 * types and tuning variants. Aparapi and TornadoVM translate bytecode, so their kernels need concrete
 * primitive types and constant sizes; generics or run-time compilation (jdk.compiler is not in the
 * jlinked GPU runtime) cannot give them that.
 *
 * <p>Run as a source-file program ({@code java tools/KernelGen.java TEMPLATES OUT}); every Maven
 * module with {@code kernel.templates.skip} false runs it in generate-sources (see the parent pom). A
 * template is a Java file whose directives are line comments, so it still reads as Java:
 *
 * <pre>
 * //#for T=int,float  Ty=Int,Float        repeat the block once per column; keys bind in parallel
 *     $T$[] in;  ... class Sum$Ty$ ...    $key$ is replaced by the innermost binding of key
 * //#if T=float                           keep the block only where key has one of the values
 * //#elif T=int,long                      (comma-separated)
 * //#else
 * //#end                                  closes #for, #if and #def
 * //#def name ... //#end                  a snippet, emitted where //#use name stands (with the
 * //#use name [k=v ...]                   bindings in force there, plus k=v); defined before its first use
 * </pre>
 *
 * Output files are written only when their text changes, so an unchanged template recompiles nothing,
 * and a generated file that no template writes any more is removed.
 *
 * <p>With a ROUTE and SHARED_DIR ({@code java tools/KernelGen.java TEMPLATES OUT aparapi
 * workloads/src/main/kernels}), it also expands the workloads' shared templates
 * ({@code <workload>/<Name>.java}, one per workload) into that route's class ({@link RouteForm}):
 * the binding R names the route (for //#if R=wg, ...), and
 *
 * <pre>
 * //#kernel saxpy.saxpy saxpy a:float x:float[] y:float[] n:int    one work-item's code, its arguments
 *     int i = $gid$; if (i < n) y.set(i, a * x.get(i) + y.get(i));  once (T[local], T[static], T[constant])
 * //#barrier   //#tree scratch                                       a barrier; the tree sum of a local array
 * //#end
 * //#tasks t                                    a persistent group's task loop header, "for (...) {", in or
 *                                               outside a //#kernel (Aparapi and TornadoVM; the template closes it)
 * </pre>
 *
 * A //#kernel whose definition name is {@code -} is a TornadoVM task that the session adds to a graph
 * itself (the reduction's deferred float adds): written as its kernels are, registered under no name.
 */
public final class KernelGen {
    private static final Pattern DIRECTIVE = Pattern.compile("^\\s*//#(for|if|elif|else|end|def|use|kernel|barrier|tree|tasks|setup|register)\\b(.*)$");
    private static final Pattern USE_ARG = Pattern.compile("([A-Za-z_][A-Za-z0-9_]*)=(?:\"([^\"]*)\"|(\\S+))\\s*");
    private static final Pattern KEY = Pattern.compile("\\$([A-Za-z_][A-Za-z0-9_]*)\\$");

    public static void main(String[] args) throws IOException {
        try {
            run(args);
        } catch (IllegalArgumentException e) {
            // a template error: one line with the template, its line and the problem, and the build stops
            System.err.println("KernelGen: " + e.getMessage());
            System.exit(2);
        }
    }

    private static void run(String[] args) throws IOException {
        if (args.length != 2 && args.length != 4) {
            System.err.println("usage: java KernelGen.java TEMPLATE_DIR OUTPUT_DIR [ROUTE SHARED_DIR]  (ROUTE: "
                    + String.join(", ", RouteForm.ROUTES) + " or none)");
            System.exit(2);
        }
        Path in = Path.of(args[0]);
        Path out = Path.of(args[1]);
        int written = 0;
        int read = 0;
        if (Files.isDirectory(in)) {
            for (Path t : templates(in)) {
                Path rel = in.relativize(t);
                read++;
                if (write(out.resolve(rel), expand(rel.toString().replace('\\', '/'), Files.readString(t, StandardCharsets.UTF_8)))) written++;
            }
        }
        // a shared template: one workload's kernels, expanded into this module's route form
        if (args.length == 4 && !args[2].equals("none")) {
            String route = args[2];
            if (!RouteForm.ROUTES.contains(route)) {
                System.err.println("KernelGen: unknown route '" + route + "'; routes: " + String.join(", ", RouteForm.ROUTES));
                System.exit(2);
            }
            Path shared = Path.of(args[3]);
            for (Path t : templates(shared)) {
                Path rel = shared.relativize(t);
                if (rel.getNameCount() != 2) throw new IllegalArgumentException(rel + ": a shared template is <workload>/<Name>.java");
                read++;
                String dir = rel.getName(0).toString();
                String base = rel.getFileName().toString().replaceFirst("\\.java$", "");
                RouteForm form = new RouteForm(route, dir, base);
                String text = form.file(new KernelGen(form).expandBody(rel.toString().replace('\\', '/'), Files.readString(t, StandardCharsets.UTF_8)));
                if (write(out.resolve(form.path()), text)) written++;
            }
        }
        // a file generated before whose template is gone (renamed, moved, converted) would be compiled
        // beside the class that replaced it: remove what this run did not produce
        removeStale(out);
        // silent when it succeeds: a build (even with -q) prints nothing of its own; what it did is
        // visible in OUTPUT_DIR, and a template error ends it with the template's name and line
        if (written > 0 && Boolean.getBoolean("kernelgen.verbose")) {
            System.out.println("KernelGen: " + read + " template(s), " + written + " written to " + out);
        }
    }

    private static List<Path> templates(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) return List.of();
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
    }

    private static final Set<Path> PRODUCED = new java.util.HashSet<>();

    private static void removeStale(Path out) throws IOException {
        if (!Files.isDirectory(out)) return;
        try (Stream<Path> s = Files.walk(out)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                if (!PRODUCED.contains(p.toAbsolutePath().normalize())
                        && Files.readString(p, StandardCharsets.UTF_8).startsWith("// GENERATED by tools/KernelGen.java")) {
                    Files.delete(p);
                }
            }
        }
    }

    /** Writes {@code text} unless the file already holds it; whether it wrote. */
    private static boolean write(Path target, String text) throws IOException {
        PRODUCED.add(target.toAbsolutePath().normalize());
        if (Files.exists(target) && Files.readString(target, StandardCharsets.UTF_8).equals(text)) return false;
        Files.createDirectories(target.getParent());
        Files.writeString(target, text, StandardCharsets.UTF_8);
        return true;
    }

    /** The route whose form a shared template's //#kernel blocks take; null for a module's own templates. */
    private final RouteForm route;

    private KernelGen(RouteForm route) {
        this.route = route;
    }

    /** A shared template expanded for its route, without header: the class body (imports and javadoc first). */
    private String expandBody(String name, String template) {
        List<String> lines = template.lines().toList();
        StringBuilder sb = new StringBuilder();
        int end = block(name, lines, 0, List.of(Map.of("R", route.route)), sb, true);
        if (end != lines.size()) throw error(name, end, "'//#" + directive(lines.get(end))[0] + "' without an open //#for or //#if");
        // what is left marked stands outside the kernels: //#tasks in a route's own form
        return sb.indexOf(RouteForm.MARK) < 0 ? sb.toString() : RouteForm.markers(sb.toString(), m -> route.taskLoop(m[1]));
    }

    /** The expanded text of one template, with a header saying where it came from. */
    static String expand(String name, String template) {
        List<String> lines = template.lines().toList();
        StringBuilder sb = new StringBuilder();
        sb.append("// GENERATED by tools/KernelGen.java from src/main/templates/").append(name).append(": edit the template.\n");
        int end = new KernelGen(null).block(name, lines, 0, List.of(), sb, true);
        if (end != lines.size()) throw error(name, end, "'//#" + directive(lines.get(end))[0] + "' without an open //#for or //#if");
        return sb.toString();
    }

    /**
     * Emits lines from {@code from} until a directive that closes or continues the enclosing block
     * (end, else, elif) or the end of input; returns the index of that line. Bindings are searched
     * innermost first.
     */
    private final Map<String, List<String>> snippets = new LinkedHashMap<>();
    private boolean inKernel;

    private int block(String name, List<String> lines, int from, List<Map<String, String>> scopes, StringBuilder sb, boolean emit) {
        int i = from;
        while (i < lines.size()) {
            String[] d = directive(lines.get(i));
            if (d == null) {
                if (emit) sb.append(substitute(name, i, lines.get(i), scopes)).append('\n');
                i++;
                continue;
            }
            switch (d[0]) {
                case "end", "else", "elif" -> {
                    return i;
                }
                case "for" -> {
                    List<Map<String, String>> rows = rows(name, i, d[1]);
                    int close = -1;
                    for (Map<String, String> row : rows) {
                        List<Map<String, String>> inner = new ArrayList<>(scopes);
                        inner.add(0, row);
                        close = block(name, lines, i + 1, inner, sb, emit);
                        expectEnd(name, lines, close, "for");
                    }
                    i = close + 1;
                }
                case "if" -> {
                    boolean taken = false;
                    String[] cur = d;
                    int at = i;
                    while (true) {
                        boolean cond = cur[0].equals("else") || (emit && matches(name, at, cur[1], scopes));
                        int next = block(name, lines, at + 1, scopes, sb, emit && !taken && cond);
                        taken |= cond;
                        if (next >= lines.size()) throw error(name, at, "//#if without //#end");
                        String[] nd = directive(lines.get(next));
                        if (nd[0].equals("end")) {
                            i = next + 1;
                            break;
                        }
                        if (cur[0].equals("else")) throw error(name, next, "nothing may follow //#else but //#end");
                        cur = nd;
                        at = next;
                    }
                }
                case "def" -> {
                    int close = block(name, lines, i + 1, scopes, new StringBuilder(), false);
                    expectEnd(name, lines, close, "def");
                    snippets.put(d[1].trim(), lines.subList(i + 1, close));
                    i = close + 1;
                }
                case "use" -> {
                    if (!emit) {                    // inside a //#def or a branch not taken: resolved where it is used
                        i++;
                        continue;
                    }
                    String[] words = d[1].trim().split("\\s+", 2);
                    List<String> body = snippets.get(words[0]);
                    if (body == null) throw error(name, i, "//#use of '" + words[0] + "', which no //#def above defines");
                    List<Map<String, String>> inner = new ArrayList<>(scopes);
                    if (words.length > 1) inner.add(0, useArgs(name, i, substitute(name, i, words[1], scopes)));
                    int end = block(name, body, 0, inner, sb, emit);
                    if (end != body.size()) throw error(name, i, "snippet '" + words[0] + "' has an unbalanced //#" + directive(body.get(end))[0]);
                    i++;
                }
                case "kernel" -> {
                    int close = block(name, lines, i + 1, scopes, new StringBuilder(), false);
                    expectEnd(name, lines, close, "kernel");
                    final int at = i;
                    if (emit) {
                        if (route == null) throw error(name, i, "//#kernel belongs in a shared template (workloads/src/main/kernels)");
                        if (inKernel) throw error(name, i, "//#kernel inside a //#kernel");
                        RouteForm.Kernel k = RouteForm.Kernel.parse(substitute(name, i, d[1], scopes), msg -> error(name, at, msg));
                        List<Map<String, String>> inner = new ArrayList<>(scopes);
                        inner.add(0, route.placeholders());
                        StringBuilder body = new StringBuilder();
                        inKernel = true;
                        block(name, lines, i + 1, inner, body, true);
                        inKernel = false;
                        sb.append(route.form(k, body.toString(), msg -> error(name, at, msg)));
                    }
                    i = close + 1;
                }
                case "setup", "register" -> {
                    int close = block(name, lines, i + 1, scopes, new StringBuilder(), false);
                    expectEnd(name, lines, close, d[0]);
                    if (emit) {
                        StringBuilder text = new StringBuilder();
                        block(name, lines, i + 1, scopes, text, true);
                        if (d[0].equals("setup")) {
                            if (!inKernel) throw error(name, i, "//#setup outside a //#kernel");
                            if (!text.isEmpty()) {
                                for (String l : text.toString().split("\n")) sb.append(RouteForm.MARK).append("setup ").append(l).append('\n');
                            }
                        } else {
                            if (route == null || inKernel) throw error(name, i, "//#register belongs in a shared template, outside a //#kernel");
                            route.register(text.toString().strip());
                        }
                    }
                    i = close + 1;
                }
                case "tasks" -> {
                    if (emit) {
                        String var = substitute(name, i, d[1], scopes).trim();
                        if (route == null) throw error(name, i, "//#tasks belongs in a shared template (workloads/src/main/kernels)");
                        if (!var.matches("[A-Za-z_][A-Za-z0-9_]*")) throw error(name, i, "//#tasks wants the task variable's name, got '" + var + "'");
                        if (route.route.equals("wg")) throw error(name, i, "//#tasks: the Java work-group form has no task loop; give it its own form (//#if R=wg)");
                        // in a kernel the route's form replaces the marker; outside one, expandBody does
                        sb.append(RouteForm.MARK).append("tasks ").append(var).append('\n');
                    }
                    i++;
                }
                case "barrier", "tree" -> {
                    if (emit) {
                        if (!inKernel) throw error(name, i, "//#" + d[0] + " outside a //#kernel");
                        sb.append(RouteForm.MARK).append(d[0]).append(' ').append(substitute(name, i, d[1], scopes).trim()).append('\n');
                    }
                    i++;
                }
                default -> throw error(name, i, "unknown directive " + d[0]);
            }
        }
        return i;
    }

    private static void expectEnd(String name, List<String> lines, int at, String what) {
        if (at >= lines.size() || !directive(lines.get(at))[0].equals("end")) throw error(name, at, "//#" + what + " without //#end");
    }

    /** {@code T=int,float Ty=Int,Float} as one binding map per column. */
    private static List<Map<String, String>> rows(String name, int line, String spec) {
        Map<String, String[]> cols = new LinkedHashMap<>();
        for (String part : spec.trim().split("\\s+")) {
            int eq = part.indexOf('=');
            if (eq <= 0) throw error(name, line, "//#for wants key=v1,v2,..., got '" + part + "'");
            cols.put(part.substring(0, eq), part.substring(eq + 1).split(",", -1));
        }
        int n = -1;
        for (var e : cols.entrySet()) {
            if (n >= 0 && e.getValue().length != n) throw error(name, line, "//#for keys have different numbers of values");
            n = e.getValue().length;
        }
        List<Map<String, String>> rows = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            Map<String, String> row = new LinkedHashMap<>();
            for (var e : cols.entrySet()) row.put(e.getKey(), e.getValue()[r]);
            rows.add(row);
        }
        return rows;
    }

    /** {@code k=v k2="a value"}: the arguments of a //#use, one value per key. */
    private static Map<String, String> useArgs(String name, int line, String spec) {
        Map<String, String> m = new LinkedHashMap<>();
        Matcher a = USE_ARG.matcher(spec.trim());
        int at = 0;
        while (a.find() && a.start() == at) {
            m.put(a.group(1), a.group(3) != null ? a.group(3) : a.group(2));
            at = a.end();
        }
        if (at != spec.trim().length()) throw error(name, line, "//#use wants key=value or key=\"a value\" arguments, got '" + spec.trim() + "'");
        return m;
    }

    /** {@code T=float} or {@code T=int,long}: the innermost binding of T is one of the values. */
    private static boolean matches(String name, int line, String cond, List<Map<String, String>> scopes) {
        String c = cond.trim();
        int eq = c.indexOf('=');
        if (eq <= 0 || c.contains(" ")) throw error(name, line, "//#if wants key=v1[,v2...], got '" + c + "'");
        String v = lookup(name, line, c.substring(0, eq), scopes);
        return List.of(c.substring(eq + 1).split(",")).contains(v);
    }

    private static String substitute(String name, int line, String text, List<Map<String, String>> scopes) {
        if (text.indexOf('$') < 0) return text;
        Matcher m = KEY.matcher(text);
        StringBuilder sb = new StringBuilder();
        while (m.find()) m.appendReplacement(sb, Matcher.quoteReplacement(lookup(name, line, m.group(1), scopes)));
        m.appendTail(sb);
        return sb.toString();
    }

    private static String lookup(String name, int line, String key, List<Map<String, String>> scopes) {
        for (Map<String, String> s : scopes) {
            String v = s.get(key);
            if (v != null) return v;
        }
        throw error(name, line, "$" + key + "$ is bound by no enclosing //#for");
    }

    private static String[] directive(String line) {
        Matcher m = DIRECTIVE.matcher(line);
        return m.matches() ? new String[] {m.group(1), m.group(2)} : null;
    }

    private static IllegalArgumentException error(String name, int line, String msg) {
        return new IllegalArgumentException(name + ":" + (line + 1) + ": " + msg);
    }
}

/**
 * One route's form of a shared kernel template: the Java work-group route ({@code wg}, workloads,
 * run by the emulator), Aparapi (a kernel class per kernel) or TornadoVM (a Kernel-API method per
 * kernel), the class around them and its registration. A //#kernel block is one work-item's code;
 * the route gives it its arguments, ids, barriers and, for Aparapi, array syntax for the global
 * arrays' {@code get}/{@code set}.
 */
final class RouteForm {
    static final List<String> ROUTES = List.of("wg", "aparapi", "tornado");
    // the tree's step is "treeStep": "half" is an OpenCL C type, which Aparapi copies into its source
    /** Marks a //#barrier or //#tree line in an expanded kernel body, for the route to replace. */
    static final String MARK = "\u0000";
    /** The definition name of a TornadoVM task that the session adds itself: written, not registered. */
    static final String SESSION_TASK = "-";
    private static final Pattern TOKEN = Pattern.compile("([A-Za-z_.][A-Za-z0-9_.]*)=\"([^\"]*)\"|\\S+");

    /**
     * aparapi.factory: how the kernel is made from the constants ({class} is its class); tornado.hidden and
     * tornado.extra: {@code Type name=bind, ...} parameters before and after the arguments; tornado.deferred:
     * the float argument whose atomic adds the session applies after the task (the kernel writes one
     * operand per group into it, see DeferredAtomics); tornado.options: appended to the TornadoKernel.
     */
    private static final Set<String> OPTIONS = Set.of("aparapi.factory", "tornado.options", "tornado.hidden", "tornado.extra",
            "tornado.deferred");

    /**
     * An argument: name, element type, and level (global, constant, local, static, private); or a
     * knob (level "knob", {@code name:int{NB}}): the definition's constant NB, fixed when the kernel
     * is made (Aparapi: a final field; TornadoVM: a scalar it compiles in; Java work-group: a parameter).
     */
    record Arg(String name, String type, String level, String constant) {
        boolean array() {
            return !level.equals("private") && !knob();
        }

        boolean knob() {
            return level.equals("knob");
        }

        boolean onChip() {
            return level.equals("local") || level.equals("static");
        }

        String ty() {
            return Character.toUpperCase(type.charAt(0)) + type.substring(1);
        }
    }

    /** {@code //#kernel id javaName arg:type ... [option="..."]}. */
    record Kernel(String id, String java, List<Arg> args, Map<String, String> options) {
        static Kernel parse(String spec, Function<String, RuntimeException> error) {
            List<String> words = new ArrayList<>();
            Map<String, String> options = new LinkedHashMap<>();
            Matcher m = TOKEN.matcher(spec.trim());
            while (m.find()) {
                if (m.group(1) != null) options.put(m.group(1), m.group(2));
                else words.add(m.group());
            }
            if (words.size() < 2) throw error.apply("//#kernel wants: id javaName name:type ..., got '" + spec.trim() + "'");
            List<Arg> args = new ArrayList<>();
            for (String w : words.subList(2, words.size())) {
                Matcher a = Pattern.compile("([A-Za-z_][A-Za-z0-9_]*):(int|long|float|double)(?:\\[(|local|static|constant)\\]|\\{([A-Za-z_][A-Za-z0-9_]*)\\})?").matcher(w);
                if (!a.matches()) throw error.apply("argument '" + w + "': want name:T, name:T[], name:T[local], name:T[static], name:T[constant] or name:int{CONSTANT} (T int, long, float, double)");
                String level = a.group(4) != null ? "knob" : a.group(3) == null ? "private" : a.group(3).isEmpty() ? "global" : a.group(3);
                if (level.equals("knob") && !a.group(2).equals("int")) throw error.apply("knob '" + w + "': knobs are int");
                args.add(new Arg(a.group(1), a.group(2), level, a.group(4)));
            }
            for (String k : options.keySet()) {
                if (!OPTIONS.contains(k)) throw error.apply("unknown option '" + k + "' (" + OPTIONS + ")");
            }
            return new Kernel(words.get(0), words.get(1), args, options);
        }

        String className() {
            return Character.toUpperCase(java.charAt(0)) + java.substring(1);
        }
    }

    final String route;
    private final String dir;
    private final String base;
    private final List<String> registrations = new ArrayList<>();

    RouteForm(String route, String dir, String base) {
        this.route = route;
        this.dir = dir;
        this.base = base;
    }

    /** A registration written out in the template (//#register), for a kernel in a route's own form. */
    void register(String text) {
        registrations.add(text);
    }

    /** The generated class's simple name in this route. */
    String className() {
        return base + switch (route) {
            case "wg" -> "Groups";
            case "aparapi" -> "Kernels";
            default -> "Tornado";
        };
    }

    private String pkg() {
        return switch (route) {
            case "wg" -> "dev.perfport.workloads." + dir;
            case "aparapi" -> "dev.perfport.backend.aparapi.kernels";
            default -> "dev.perfport.backend.tornado.kernels";
        };
    }

    /** Where the class goes under the output folder. */
    Path path() {
        return Path.of(pkg().replace('.', '/'), className() + ".java");
    }

    /** What the work-item placeholders of a kernel body mean in this route. */
    Map<String, String> placeholders() {
        Map<String, String> m = new LinkedHashMap<>();
        switch (route) {
            case "wg" -> {
                m.putAll(Map.of("gid", "wgGid", "lid", "wgLid", "lsize", "wgItems", "group", "wgGroup", "groups", "wgGroups",
                        "gsize", "wgGlobal"));
                // the work-group form's item loops are one-dimensional
                for (String k : List.of("gid", "lid", "lsize", "group")) for (int d = 0; d < 2; d++) m.put(k + d, TWO_D);
            }
            case "aparapi" -> {
                m.putAll(Map.of("gid", "getGlobalId()", "lid", "getLocalId()", "lsize", "getLocalSize()", "group", "getGroupId()",
                        "groups", "getNumGroups()", "gsize", "getGlobalSize()"));
                for (int d = 0; d < 2; d++) {
                    m.putAll(Map.of("gid" + d, "getGlobalId(" + d + ")", "lid" + d, "getLocalId(" + d + ")",
                            "lsize" + d, "getLocalSize(" + d + ")", "group" + d, "getGroupId(" + d + ")"));
                }
            }
            default -> {
                m.putAll(Map.of("gid", "ctx.globalIdx", "lid", "ctx.localIdx", "lsize", "ctx.localGroupSizeX", "group", "ctx.groupIdx",
                        "groups", "(ctx.globalGroupSizeX / ctx.localGroupSizeX)", "gsize", "ctx.globalGroupSizeX"));
                for (int d = 0; d < 2; d++) {
                    String a = d == 0 ? "x" : "y";
                    String A = a.toUpperCase();
                    m.putAll(Map.of("gid" + d, "ctx.globalId" + a, "lid" + d, "ctx.localId" + a,
                            "lsize" + d, "ctx.localGroupSize" + A, "group" + d, "ctx.groupId" + a));
                }
            }
        }
        return m;
    }

    /** What a two-dimensional id becomes in the work-group form: an error naming the kernel. */
    private static final String TWO_D = "\u0001";

    /** The kernel in this route's form (the body is written at 8 spaces, a method's), and its registration noted. */
    String form(Kernel k, String text, Function<String, RuntimeException> error) {
        StringBuilder body = new StringBuilder();
        StringBuilder setup = new StringBuilder();
        for (String line : text.split("\n", -1)) {
            if (line.startsWith(MARK + "setup ")) setup.append(line.substring(MARK.length() + 6)).append('\n');
            else body.append(line).append('\n');
        }
        String b = body.toString().replaceAll("\n+$", "\n");
        if (k.id().equals(SESSION_TASK) && !route.equals("tornado")) {
            throw error.apply("kernel " + k.java() + ": '" + SESSION_TASK + "' (no definition) is for a TornadoVM session task; give it //#if R=tornado");
        }
        return switch (route) {
            case "wg" -> workGroup(k, b, setup.toString(), error);
            case "aparapi" -> aparapi(k, b, setup.toString(), error);
            default -> tornado(k, b, setup.toString());
        };
    }

    /**
     * A persistent group's task loop header ({@code //#tasks t}), for the template to close. Aparapi: PerfportKernel's
     * taskBegin/taskNext. TornadoVM: written out from the kernel's {@code tasks} and {@code mapping} parameters (its
     * Kernel API has no helper that may read the ids), blocked {@code [tasks·g/G, tasks·(g+1)/G)} or, mapping 1,
     * cyclic {@code g, g + G, ...} for group g of G.
     */
    List<String> taskLoop(String t) {
        if (route.equals("aparapi")) return List.of("for (int " + t + " = taskBegin(); " + t + " >= 0; " + t + " = taskNext(" + t + ")) {");
        return List.of("int taskGroup = ctx.groupIdx;",
                "int taskGroups = ctx.globalGroupSizeX / ctx.localGroupSizeX;",
                "int taskFirst = (int) (((long) tasks * taskGroup) / taskGroups);",
                "int taskEnd = (int) (((long) tasks * (taskGroup + 1)) / taskGroups);",
                "int taskStep = 1;",
                "if (mapping == 1) {",
                "    taskFirst = taskGroup;",
                "    taskEnd = tasks;",
                "    taskStep = taskGroups;",
                "}",
                "for (int " + t + " = taskFirst; " + t + " < taskEnd; " + t + " += taskStep) {");
    }

    /** {@code Type name=expr, ...}: the parameters and binds of a tornado.hidden or tornado.extra option. */
    private static List<String[]> params(String spec) {
        List<String[]> l = new ArrayList<>();
        if (spec == null || spec.isBlank()) return l;
        for (String p : spec.split(",\\s*(?=[A-Za-z]+ [A-Za-z_]+=)")) {
            int eq = p.indexOf('=');
            l.add(new String[] {p.substring(0, eq).trim(), p.substring(eq + 1).trim()});
        }
        return l;
    }

    private String aparapi(Kernel k, String body, String setup, Function<String, RuntimeException> error) {
        String cls = k.className();
        StringBuilder sb = new StringBuilder();
        sb.append("    public static final class ").append(cls).append(" extends PerfportKernel {\n");
        List<String> fields = new ArrayList<>();
        List<String> knobs = new ArrayList<>();
        for (Arg a : k.args()) {
            if (a.knob()) {
                sb.append("        final int ").append(a.name()).append(";\n");
                knobs.add(a.name());
                continue;
            }
            String ann = a.onChip() ? "@Local " : a.level().equals("constant") ? "@Constant " : "";
            sb.append("        ").append(ann).append(a.type()).append(a.array() ? "[] " : " ").append(a.name()).append(";\n");
            fields.add('"' + a.name() + '"');
        }
        sb.append(setup);
        if (!knobs.isEmpty()) {
            sb.append("\n        ").append(cls).append("(int ").append(String.join(", int ", knobs)).append(") {\n");
            for (String n : knobs) sb.append("            this.").append(n).append(" = ").append(n).append(";\n");
            sb.append("        }\n");
        }
        sb.append("\n        @Override\n        public void run() {\n");
        String text = body;
        for (Arg a : k.args()) if (a.array() && !a.onChip()) text = arraySyntax(text, a.name(), error);
        sb.append(markers(indent(text, 4), m -> switch (m[0]) {
            case "barrier" -> List.of("localBarrier();");
            case "tasks" -> taskLoop(m[1]);
            default -> List.of("for (int treeStep = getLocalSize() / 2; treeStep > 0; treeStep >>= 1) {",
                    "    localBarrier();",
                    "    if (getLocalId() < treeStep) " + m[1] + "[getLocalId()] += " + m[1] + "[getLocalId() + treeStep];",
                    "}",
                    "localBarrier();");
        }));
        sb.append("        }\n    }\n");
        List<String> made = new ArrayList<>();
        for (Arg a : k.args()) if (a.knob()) made.add("c.getInt(\"" + a.constant() + "\")");
        String factory = k.options().getOrDefault("aparapi.factory", "c -> new {class}({knobs})").replace("{class}", cls)
                .replace("{knobs}", String.join(", ", made));
        registrations.add("KernelSpec.of(\"" + k.id() + "\", " + cls + ".class, " + factory + ", " + String.join(", ", fields) + ")");
        return sb.toString();
    }

    private String tornado(Kernel k, String body, String setup) {
        StringBuilder sb = new StringBuilder();
        List<String> params = new ArrayList<>(List.of("KernelContext ctx"));
        List<String> sig = new ArrayList<>();
        List<String> binds = new ArrayList<>(List.of("a.context()"));
        for (String[] h : params(k.options().get("tornado.hidden"))) {
            params.add(h[0]);
            binds.add(h[1]);
        }
        StringBuilder locals = new StringBuilder();
        String deferred = k.options().getOrDefault("tornado.deferred", "");
        String after = null;
        List<Arg> knobs = new ArrayList<>();
        int index = 0;
        for (Arg a : k.args()) {
            if (a.knob()) {
                knobs.add(a);
                continue;
            }
            int i = index++;
            sig.add(switch (a.level()) {
                case "global" -> "GLOBAL";
                case "constant" -> "CONSTANT";
                case "local" -> "LOCAL";
                case "static" -> "STATIC_LOCAL";
                default -> "PRIVATE";
            } + ", " + a.type().toUpperCase());
            if (a.onChip()) {
                params.add("int " + a.name() + "Length");
                binds.add("a.localLength(" + i + ")");
                locals.append("        ").append(a.type()).append("[] ").append(a.name()).append(" = ctx.allocate").append(a.ty())
                        .append("LocalArray(").append(a.name()).append("Length);\n");
            } else if (a.array()) {
                params.add(a.ty() + "Array " + a.name());
                binds.add(a.name().equals(deferred) ? "a.deferredFloatOps()" : "a." + a.type() + "s(" + i + ")");
                if (a.name().equals(deferred)) after = "a.applyDeferredFloatAdds(a.floats(" + i + "), 0);";
            } else {
                params.add(a.type() + " " + a.name());
                binds.add("a." + a.type() + "Arg(" + i + ")");
            }
        }
        for (Arg a : knobs) {
            params.add("int " + a.name());
            binds.add("a.constants().getInt(\"" + a.constant() + "\")");
        }
        for (String[] h : params(k.options().get("tornado.extra"))) {
            params.add(h[0]);
            binds.add(h[1]);
        }
        sb.append("    public static void ").append(k.java()).append('(').append(String.join(", ", params)).append(") {\n");
        sb.append(locals).append(setup);
        sb.append(markers(body, m -> switch (m[0]) {
            case "barrier" -> List.of("ctx.localBarrier();");
            case "tasks" -> taskLoop(m[1]);
            default -> List.of("ctx.localBarrier();",
                    "for (int treeStep = ctx.localGroupSizeX / 2; treeStep > 0; treeStep >>= 1) {",
                    "    if (ctx.localIdx < treeStep) {",
                    "        " + m[1] + "[ctx.localIdx] += " + m[1] + "[ctx.localIdx + treeStep];",
                    "    }",
                    "    ctx.localBarrier();",
                    "}");
        }));
        sb.append("    }\n");
        // a session's own task is called by name (LaunchPlan), not bound for a definition
        if (k.id().equals(SESSION_TASK)) return sb.toString();
        String task = "a.graph().task(a.task(), " + className() + "::" + k.java() + ", " + String.join(", ", binds) + ")";
        String binder = after == null ? "a -> " + task
                : "a -> {\n                    " + task + ";\n                    " + after + "\n                }";
        registrations.add("new TornadoKernel(\"" + k.id() + "\", sig(" + String.join(", ", sig) + "), "
                + (after != null) + ",\n                " + binder + ")"
                + k.options().getOrDefault("tornado.options", ""));
        return sb.toString();
    }

    /**
     * The Java work-group form: one call per group; each barrier-separated phase of the body is a
     * loop over the group's work-items (loop fission), so a value a work-item keeps across a
     * //#barrier or //#tree must be read again after it (ids are: they are the loop's).
     */
    private String workGroup(Kernel k, String body, String setup, Function<String, RuntimeException> error) {
        if ((body + setup).contains(TWO_D)) {
            throw error.apply("kernel " + k.id() + ": the Java work-group form is one-dimensional; give it its own form (//#if R=wg)");
        }
        StringBuilder sb = new StringBuilder();
        List<String> knobs = new ArrayList<>();
        for (Arg a : k.args()) if (a.knob()) knobs.add("int " + a.name());
        sb.append("    static WorkGroupKernel ").append(k.java()).append('(').append(String.join(", ", knobs)).append(") {\n        return g -> {\n");
        int index = 0;
        for (Arg a : k.args()) {
            if (a.knob()) continue;
            int i = index++;
            String line;
            if (a.onChip()) line = a.type() + "[] " + a.name() + " = g.local" + a.ty() + "s(" + i + ");";
            else if (a.array()) line = "Global" + a.ty() + "s " + a.name() + " = g." + a.type() + "s(" + i + ");";
            else line = a.type() + " " + a.name() + " = g." + a.type() + "Arg(" + i + ");";
            sb.append("            ").append(line).append('\n');
        }
        sb.append("            int wgItems = g.localItems();\n            int wgGroup = (int) g.groupLinearId();\n");
        if ((body + setup).contains("wgGroups")) sb.append("            int wgGroups = (int) g.numGroups(0);\n");
        if ((body + setup).contains("wgGlobal")) sb.append("            int wgGlobal = (int) g.globalSize(0);\n");
        if (!setup.isEmpty()) sb.append(indent(setup, 4));
        StringBuilder phase = new StringBuilder();
        for (String line : body.split("\n", -1)) {
            if (!line.startsWith(MARK)) {
                phase.append(line).append('\n');
                continue;
            }
            sb.append(itemLoop(phase.toString()));
            phase.setLength(0);
            String[] m = line.substring(1).split(" ", 2);
            if (m[0].equals("tree")) {
                sb.append("            for (int treeStep = wgItems / 2; treeStep > 0; treeStep >>= 1) {\n")
                  .append("                for (int l = 0; l < treeStep; l++) ").append(m[1]).append("[l] += ").append(m[1]).append("[l + treeStep];\n")
                  .append("            }\n");
            }
        }
        sb.append(itemLoop(phase.toString()));
        sb.append("        };\n    }\n");
        return sb.toString();
    }

    private static String itemLoop(String phase) {
        if (phase.isBlank()) return "";
        StringBuilder sb = new StringBuilder("            for (int wgLid = 0; wgLid < wgItems; wgLid++) {\n");
        if (phase.contains("wgGid")) sb.append("                int wgGid = wgGroup * wgItems + wgLid;\n");
        sb.append(indent(phase.stripTrailing() + "\n", 8)).append("            }\n");
        return sb.toString();
    }

    /** {@code x.get(i)} as {@code x[i]} and {@code x.set(i, v)} as {@code x[i] = v}: Aparapi's global arrays are Java arrays. */
    static String arraySyntax(String text, String name, Function<String, RuntimeException> error) {
        Matcher m = Pattern.compile("\\b" + Pattern.quote(name) + "\\.(get|set)\\(").matcher(text);
        StringBuilder sb = new StringBuilder();
        int at = 0;
        while (m.find(at)) {
            int open = m.end() - 1, depth = 0, close = -1, comma = -1;
            for (int j = open; j < text.length() && close < 0; j++) {
                char c = text.charAt(j);
                if (c == '(' || c == '[') depth++;
                else if (c == ')' || c == ']') {
                    if (--depth == 0) close = j;
                } else if (c == ',' && depth == 1 && comma < 0) comma = j;
            }
            if (close < 0) throw error.apply("unbalanced " + name + "." + m.group(1) + "(");
            sb.append(text, at, m.start());
            String inner = text.substring(open + 1, close);
            if (m.group(1).equals("get")) {
                sb.append(name).append('[').append(arraySyntax(inner, name, error)).append(']');
            } else {
                if (comma < 0) throw error.apply(name + ".set wants an index and a value");
                sb.append(name).append('[').append(arraySyntax(text.substring(open + 1, comma), name, error).trim()).append("] = ")
                  .append(arraySyntax(text.substring(comma + 1, close), name, error).trim());
            }
            at = close + 1;
        }
        return sb.append(text.substring(at)).toString();
    }

    /** Replaces each marker line with the route's lines, indented as the code before it (directives stand in column 0). */
    static String markers(String text, Function<String[], List<String>> lines) {
        StringBuilder sb = new StringBuilder();
        String pad = "        ";
        for (String line : text.split("\n", -1)) {
            int mark = line.indexOf(MARK);
            if (mark < 0) {
                sb.append(line).append('\n');
                if (!line.isBlank()) {
                    pad = line.substring(0, line.length() - line.stripLeading().length()) + (line.stripTrailing().endsWith("{") ? "    " : "");
                }
                continue;
            }
            for (String l : lines.apply(line.substring(mark + 1).split(" ", 2))) sb.append(pad).append(l).append('\n');
        }
        return sb.toString().replaceAll("\n+$", "\n");
    }

    private static String indent(String text, int n) {
        String pad = " ".repeat(n);
        StringBuilder sb = new StringBuilder();
        for (String line : text.split("\n", -1)) sb.append(line.isEmpty() ? "" : pad + line).append('\n');
        return sb.toString().replaceAll("\n+$", "\n");
    }

    /** The generated file: header, imports, the template's javadoc, the class with its body and registration. */
    String file(String expanded) {
        List<String> lines = new ArrayList<>(List.of(expanded.split("\n", -1)));
        List<String> imports = new ArrayList<>();
        while (!lines.isEmpty() && (lines.get(0).isBlank() || lines.get(0).startsWith("import "))) {
            String l = lines.remove(0);
            if (!l.isBlank()) imports.add(l);
        }
        StringBuilder doc = new StringBuilder();
        if (!lines.isEmpty() && lines.get(0).startsWith("/**")) {
            while (!lines.isEmpty()) {
                String l = lines.remove(0);
                doc.append(l).append('\n');
                if (l.contains("*/")) break;
            }
        }
        String cls = className();
        StringBuilder sb = new StringBuilder();
        sb.append("// GENERATED by tools/KernelGen.java from workloads/src/main/kernels/").append(dir).append('/').append(base)
          .append(".java (route ").append(route).append("): edit the template.\n");
        sb.append("package ").append(pkg()).append(";\n\n");
        List<String> routeImports = switch (route) {
            case "wg" -> List.of("import dev.perfport.core.wg.GlobalDoubles;", "import dev.perfport.core.wg.GlobalFloats;",
                    "import dev.perfport.core.wg.GlobalInts;", "import dev.perfport.core.wg.GlobalLongs;",
                    "import dev.perfport.core.wg.WorkGroupKernel;");
            case "aparapi" -> List.of("import com.google.auto.service.AutoService;", "import dev.perfport.core.kernel.KernelLibrary;",
                    "import java.util.List;");
            default -> List.of("import com.google.auto.service.AutoService;", "import dev.perfport.core.kernel.KernelLibrary;",
                    "import uk.ac.manchester.tornado.api.KernelContext;", "import uk.ac.manchester.tornado.api.types.arrays.DoubleArray;",
                    "import uk.ac.manchester.tornado.api.types.arrays.FloatArray;", "import uk.ac.manchester.tornado.api.types.arrays.IntArray;",
                    "import uk.ac.manchester.tornado.api.types.arrays.LongArray;", "import java.util.List;",
                    "import static dev.perfport.backend.tornado.kernels.TornadoKernel.sig;",
                    "import static dev.perfport.core.device.MemoryLevel.*;", "import static dev.perfport.core.memory.ElemType.*;");
        };
        for (String l : routeImports) sb.append(l).append('\n');
        for (String l : imports) if (!routeImports.contains(l)) sb.append(l).append('\n');
        sb.append('\n').append(doc);
        switch (route) {
            case "wg" -> sb.append("final class ").append(cls).append(" {\n    private ").append(cls).append("() {\n    }\n");
            case "aparapi" -> sb.append("@AutoService(KernelLibrary.class)\npublic final class ").append(cls)
                    .append(" implements KernelLibrary {\n    /** Made by {@link java.util.ServiceLoader}. */\n    public ").append(cls).append("() {\n    }\n");
            default -> sb.append("@AutoService(KernelLibrary.class)\npublic final class ").append(cls)
                    .append(" extends TornadoLibrary {\n    /** Made by {@link java.util.ServiceLoader}. */\n    public ").append(cls)
                    .append("() {\n        super(").append(cls).append("::register);\n    }\n");
        }
        sb.append('\n').append(String.join("\n", lines).stripTrailing()).append('\n');
        switch (route) {
            case "aparapi" -> sb.append("\n    @Override\n    public List<KernelSpec> kernels() {\n        return List.of(\n                ")
                    .append(String.join(",\n                ", registrations)).append(");\n    }\n");
            case "tornado" -> {
                sb.append("\n    static void register(List<TornadoKernel> into) {\n");
                for (String r : registrations) sb.append("        into.add(").append(r).append(");\n");
                sb.append("    }\n");
            }
            default -> {
            }
        }
        return sb.append("}\n").toString();
    }
}
