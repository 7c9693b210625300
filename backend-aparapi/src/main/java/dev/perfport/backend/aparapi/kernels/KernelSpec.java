package dev.perfport.backend.aparapi.kernels;

import com.aparapi.Kernel;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.kernel.ArgDef;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.memory.ElemType;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * An Aparapi implementation of a {@link KernelDef}: its kernel class, how to make an instance for a
 * set of tuning constants, and the fields the definition's arguments bind to, in the definition's
 * argument order. Give it to the definition ({@code KernelDef.builder(..).impl(KernelSpec.of(..))})
 * or return it from a {@link dev.perfport.core.kernel.KernelLibrary}; the kernel class extends
 * {@link PerfportKernel}.
 *
 * <pre>{@code
 * public static final class Saxpy extends PerfportKernel {
 *     float[] x, y; float a; int n;
 *     public void run() { int i = getGlobalId(); if (i < n) y[i] = a * x[i] + y[i]; }
 * }
 * KernelSpec.of("my.saxpy", Saxpy.class, c -> new Saxpy(), "x", "y", "a", "n")
 * }</pre>
 *
 * <p>A field's type follows its argument's memory level: GLOBAL and CONSTANT arguments are arrays
 * of the element type ({@code int[]}, {@code float[]}, ...; CONSTANT ones annotated
 * {@code @Constant}), or {@code AtomicInteger[]} for an int or float buffer the kernel updates
 * with atomics (for float, the elements are the float's bits; see {@link PerfportKernel}), or
 * {@code int[]} for a long buffer, whose words the kernel then sees as int pairs, low word first
 * (Aparapi 3.0.2 has atomics on int arrays only);
 * LOCAL and STATIC_LOCAL arguments are {@code @Local} arrays, sized at launch from the
 * {@code LocalSize}; PRIVATE arguments are primitive fields.
 *
 * @param name    the kernel definition's name, e.g. {@code reduction.local_atomic.int}
 * @param type    the kernel class
 * @param factory makes a kernel for the definition's defaults overridden by the caller's constants
 * @param fields  one field name per definition argument, in order
 */
public record KernelSpec(String name, Class<? extends PerfportKernel> type,
                         Function<Constants, ? extends PerfportKernel> factory, List<String> fields)
        implements KernelImpl.Native {

    public KernelSpec {
        Objects.requireNonNull(name);
        Objects.requireNonNull(type);
        Objects.requireNonNull(factory);
        fields = List.copyOf(fields);
        for (String f : fields) field(type, f);   // fails early on a misspelt field
    }

    /** A spec whose kernel ignores the constants. */
    public static KernelSpec of(String name, Class<? extends PerfportKernel> type,
                                Function<Constants, ? extends PerfportKernel> factory, String... fields) {
        return new KernelSpec(name, type, factory, List.of(fields));
    }

    /** The field {@code name} of {@code type} or a superclass up to Aparapi's Kernel, made accessible. */
    public static Field field(Class<?> type, String name) {
        for (Class<?> c = type; c != null && c != Kernel.class; c = c.getSuperclass()) {
            try {
                Field f = c.getDeclaredField(name);
                f.setAccessible(true);
                return f;
            } catch (NoSuchFieldException ignored) {
                // look in the superclass
            }
        }
        throw new IllegalArgumentException("kernel class " + type.getName() + " has no field '" + name + "'");
    }

    /** The fields, resolved. */
    public List<Field> resolvedFields() {
        List<Field> l = new ArrayList<>();
        for (String f : fields) l.add(field(type, f));
        return l;
    }

    /**
     * Every way the definition's arguments disagree with this kernel's fields, one line each;
     * empty when they match.
     */
    public List<String> mismatches(KernelDef def) {
        List<String> problems = new ArrayList<>();
        if (!def.name().equals(name)) problems.add("the definition is '" + def.name() + "', this kernel is registered as '" + name + "'");
        List<ArgDef> args = def.args();
        if (args.size() != fields.size()) {
            problems.add("the definition declares " + args.size() + " arguments " + args + ", the Aparapi kernel "
                    + type.getSimpleName() + " binds " + fields.size() + " fields " + fields);
            return problems;
        }
        for (int i = 0; i < args.size(); i++) {
            String why = fieldProblem(args.get(i), field(type, fields.get(i)));
            if (why != null) problems.add("argument " + i + " '" + args.get(i) + "' -> field '" + fields.get(i) + "': " + why);
        }
        return problems;
    }

    /** Why a field cannot hold an argument, or null. */
    static String fieldProblem(ArgDef a, Field f) {
        if (Modifier.isStatic(f.getModifiers()) || Modifier.isFinal(f.getModifiers())) {
            return "is static or final; arguments need plain instance fields";
        }
        Class<?> t = f.getType();
        boolean local = f.isAnnotationPresent(Kernel.Local.class);
        boolean constant = f.isAnnotationPresent(Kernel.Constant.class);
        MemoryLevel level = a.level();
        return switch (level) {
            case GLOBAL, CONSTANT -> {
                boolean atomicView = t == AtomicInteger[].class && (a.type() == ElemType.INT || a.type() == ElemType.FLOAT);
                boolean pairs = t == int[].class && a.type() == ElemType.LONG;
                if (t != a.type().arrayClass() && !atomicView && !pairs) {
                    yield "is " + t.getSimpleName() + ", expected " + a.type().arrayClass().getSimpleName()
                            + (a.type() == ElemType.INT || a.type() == ElemType.FLOAT ? " or AtomicInteger[]"
                            : a.type() == ElemType.LONG ? " or int[]" : "");
                }
                if (local) yield "is @Local, but the argument is " + level + " memory";
                if (constant != (level == MemoryLevel.CONSTANT)) {
                    yield constant ? "is @Constant, but the argument is GLOBAL memory" : "needs @Constant for a CONSTANT argument";
                }
                yield null;
            }
            case LOCAL, STATIC_LOCAL -> {
                if (t != a.type().arrayClass()) yield "is " + t.getSimpleName() + ", expected " + a.type().arrayClass().getSimpleName();
                yield local ? null : "needs @Local for " + level + " memory";
            }
            case PRIVATE -> {
                Class<?> want = switch (a.type()) {
                    case INT -> int.class;
                    case LONG -> long.class;
                    case FLOAT -> float.class;
                    case DOUBLE -> double.class;
                };
                yield t == want ? null : "is " + t.getSimpleName() + ", expected " + want.getSimpleName();
            }
        };
    }
}
