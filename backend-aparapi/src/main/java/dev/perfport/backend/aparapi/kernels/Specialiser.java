package dev.perfport.backend.aparapi.kernels;

import org.apache.bcel.Repository;
import org.apache.bcel.classfile.ClassParser;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.ClassModel;
import java.lang.classfile.CodeBuilder;
import java.lang.classfile.CodeElement;
import java.lang.classfile.CodeTransform;
import java.lang.classfile.MethodModel;
import java.lang.classfile.MethodTransform;
import java.lang.classfile.Opcode;
import java.lang.classfile.TypeKind;
import java.lang.classfile.instruction.FieldInstruction;
import java.lang.classfile.instruction.InvokeInstruction;
import java.lang.classfile.instruction.LoadInstruction;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDescs;
import java.lang.constant.MethodTypeDesc;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Per-configuration Aparapi kernel classes whose tiling parameters are literal constants.
 *
 * <p>Aparapi turns every field a kernel reads into a kernel argument, final or not, so the OpenCL
 * compiler sees a template's tile sizes as run-time values: it cannot unroll the loops over the
 * register tile, and a private array indexed by a run-time value lives in (slow) local memory on
 * NVIDIA. javac folds only {@code static final} literals, and a class per configuration cannot be
 * written by hand, so this makes one at run time: a subclass of the template whose {@code run()} is
 * the template's bytecode with each read of a {@code final int} field of the template or a
 * superclass below {@link PerfportKernel} ({@code aload_0; getfield}) replaced by the value of that
 * field in this configuration; every other method of that hierarchy that reads one (a helper
 * {@code run()} calls, such as VaR's loops over its k simulations) is overridden by a folded copy
 * too, unless it is final or private or calls {@code super} or a private method (a copy could
 * not); such a helper keeps its run-time reads. Aparapi
 * then translates constants ({@code for (int mi = 0; mi < 8; mi++)}), which the OpenCL compiler
 * unrolls. No javac is needed (the distribution's runtime image has no jdk.compiler): the class is
 * written with the JDK's ClassFile API and defined in the template's package.
 *
 * <p>Aparapi reads a kernel's bytecode through BCEL's repository, which looks a class up by name
 * on its class loader's resources; a defined class has none, so its bytes are added to that
 * repository here. The setting {@code perfport.aparapi.specialise=false} keeps the template (the
 * run-time values), for comparison.
 */
public final class Specialiser {
    /** Setting: {@code false} keeps the template class (tiling parameters as kernel arguments). */
    public static final String PROPERTY = "perfport.aparapi.specialise";

    private static final Map<String, Constructor<?>> CLASSES = new ConcurrentHashMap<>();

    private Specialiser() {
    }

    /** Set from the backend's settings ({@value #PROPERTY}) when it is created; the system property until then. */
    private static volatile boolean enabled = !"false".equalsIgnoreCase(System.getProperty(PROPERTY, "true"));

    /** Whether templates are specialised ({@value #PROPERTY}, default true). */
    public static boolean enabled() {
        return enabled;
    }

    /** Sets {@link #enabled()}: the Aparapi backend passes its {@value #PROPERTY} setting (any source). */
    public static void enable(boolean on) {
        enabled = on;
    }

    /**
     * A kernel of {@code template} built with {@code new template(arg)}, as an instance of a subclass
     * whose {@code run()} has the template's {@code final int} fields as constants.
     */
    public static <T extends PerfportKernel> T of(Class<T> template, int[] arg) {
        try {
            Constructor<T> ctor = template.getDeclaredConstructor(int[].class);
            T proto = ctor.newInstance((Object) arg);
            if (!enabled()) return proto;
            Map<String, Integer> values = constants(template, proto);
            StringBuilder name = new StringBuilder(template.getName()).append("$S");
            // Aparapi names the folded helpers after the class: no '-' (m for minus), which no C name may hold
            for (int v : values.values()) name.append('_').append(v < 0 ? "m" + -(long) v : Integer.toString(v));
            Constructor<?> sub = CLASSES.computeIfAbsent(name.toString(), n -> define(template, n, values));
            return template.cast(sub.newInstance((Object) arg));
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            throw new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot specialise " + template.getName() + ": " + e, e);
        }
    }

    /**
     * The final int instance fields of the template and its superclasses below PerfportKernel and
     * their values in {@code proto}, the template's first, each class's in declaration order.
     */
    static Map<String, Integer> constants(Class<?> template, Object proto) throws IllegalAccessException {
        Map<String, Integer> m = new LinkedHashMap<>();
        for (Class<?> c : hierarchy(template)) {
            for (Field f : c.getDeclaredFields()) {
                int mod = f.getModifiers();
                if (f.getType() == int.class && Modifier.isFinal(mod) && !Modifier.isStatic(mod)) {
                    f.setAccessible(true);
                    m.putIfAbsent(f.getName(), f.getInt(proto));
                }
            }
        }
        return m;
    }

    /** The template and its superclasses below PerfportKernel, most derived first. */
    private static List<Class<?>> hierarchy(Class<?> template) {
        List<Class<?>> l = new ArrayList<>();
        for (Class<?> c = template; c != null && c != PerfportKernel.class && PerfportKernel.class.isAssignableFrom(c); c = c.getSuperclass()) {
            l.add(c);
        }
        return l;
    }

    private static Constructor<?> define(Class<?> template, String name, Map<String, Integer> values) {
        try {
            byte[] bytes = bytes(template, name, values);
            Class<?> c = MethodHandles.privateLookupIn(template, MethodHandles.lookup()).defineClass(bytes);
            Repository.addClass(new ClassParser(new ByteArrayInputStream(bytes), name.replace('.', '/') + ".class").parse());
            Constructor<?> ctor = c.getDeclaredConstructor(int[].class);
            ctor.setAccessible(true);
            return ctor;
        } catch (IOException | ReflectiveOperationException e) {
            throw new IllegalStateException("cannot specialise " + template.getName() + ": " + e, e);
        }
    }

    /** {@code final class name extends template { name(int[] v) { super(v); } public void run() { template's run, folded } }}. */
    static byte[] bytes(Class<?> template, String name, Map<String, Integer> values) throws IOException {
        // the stack maps of the new methods need the template's hierarchy, which the system loader does not see
        ClassFile cf = ClassFile.of(ClassFile.ClassHierarchyResolverOption.of(ClassHierarchyResolver.defaultResolver()
                .orElse(ClassHierarchyResolver.ofResourceParsing(template.getClassLoader()))));
        List<ClassModel> models = new ArrayList<>();
        Set<ClassDesc> owners = new HashSet<>();
        for (Class<?> c : hierarchy(template)) {
            ClassModel m = cf.parse(classBytes(c));
            models.add(m);
            owners.add(m.thisClass().asSymbol());
        }
        ClassModel model = models.getFirst();
        MethodModel run = model.methods().stream()
                .filter(m -> m.methodName().equalsString("run") && m.methodType().equalsString("()V"))
                .findFirst().orElseThrow(() -> new IOException(template.getName() + " has no run()"));
        // run(), then each helper of the hierarchy that reads a folded field, most derived first
        List<MethodModel> fold = new ArrayList<>(List.of(run));
        Set<String> seen = new HashSet<>(Set.of("run()V"));
        Set<String> privates = privateMethods(models);
        for (ClassModel cm : models) {
            for (MethodModel m : cm.methods()) {
                String key = m.methodName().stringValue() + m.methodType().stringValue();
                int f = m.flags().flagsMask();
                if (!seen.add(key) || m.methodName().stringValue().startsWith("<") || m.code().isEmpty()
                        || (f & (ClassFile.ACC_STATIC | ClassFile.ACC_PRIVATE | ClassFile.ACC_FINAL)) != 0) continue;
                if (reads(m, owners, values) && !callsUncopyable(m, privates)) fold.add(m);
            }
        }
        ClassDesc self = ClassDesc.of(name);
        ClassDesc sup = model.thisClass().asSymbol();
        MethodTypeDesc init = MethodTypeDesc.of(ConstantDescs.CD_void, ConstantDescs.CD_int.arrayType());
        return cf.build(self, cb -> {
            cb.withFlags(ClassFile.ACC_FINAL | ClassFile.ACC_SUPER)
                    .withSuperclass(sup)
                    .withVersion(model.majorVersion(), model.minorVersion())
                    .withMethodBody(ConstantDescs.INIT_NAME, init, 0, code -> code
                            .aload(0).aload(1).invokespecial(sup, ConstantDescs.INIT_NAME, init).return_());
            for (MethodModel m : fold) cb.transformMethod(m, MethodTransform.transformingCode(new Fold(owners, values)));
        });
    }

    private static byte[] classBytes(Class<?> c) throws IOException {
        String res = c.getName().replace('.', '/') + ".class";
        try (var in = c.getClassLoader().getResourceAsStream(res)) {
            if (in == null) throw new IOException("no class file " + res);
            return in.readAllBytes();
        }
    }

    /** Whether {@code m} reads one of the folded fields. */
    private static boolean reads(MethodModel m, Set<ClassDesc> owners, Map<String, Integer> values) {
        return m.code().orElseThrow().elementStream().anyMatch(e -> e instanceof FieldInstruction f && f.opcode() == Opcode.GETFIELD
                && owners.contains(f.owner().asSymbol()) && values.containsKey(f.name().stringValue()));
    }

    /** The private methods of the hierarchy, as owner.nameDescriptor: a copy in the new class (no nestmate) may not call them. */
    private static Set<String> privateMethods(List<ClassModel> models) {
        Set<String> priv = new HashSet<>();
        for (ClassModel cm : models) {
            for (MethodModel x : cm.methods()) {
                if ((x.flags().flagsMask() & ClassFile.ACC_PRIVATE) != 0) {
                    priv.add(cm.thisClass().asInternalName() + "." + x.methodName().stringValue() + x.methodType().stringValue());
                }
            }
        }
        return priv;
    }

    /**
     * Whether {@code m} makes a call its copy in the new class could not: a superclass method
     * ({@code invokespecial} other than a constructor, which the copy would rebind) or one of the
     * hierarchy's private methods ({@code privates}, owner.nameDescriptor: the new class is no nestmate).
     */
    private static boolean callsUncopyable(MethodModel m, Set<String> privates) {
        return m.code().orElseThrow().elementStream().anyMatch(e -> e instanceof InvokeInstruction i
                && (i.opcode() == Opcode.INVOKESPECIAL && !i.name().stringValue().startsWith("<")
                    || privates.contains(i.owner().asInternalName() + "." + i.name().stringValue() + i.type().stringValue())));
    }

    /** Replaces {@code aload_0; getfield owner.f:I} (owner: a class of the template's hierarchy) by the constant of {@code f}. */
    private static final class Fold implements CodeTransform {
        private final Set<ClassDesc> owners;
        private final Map<String, Integer> values;
        private CodeElement held;

        Fold(Set<ClassDesc> owners, Map<String, Integer> values) {
            this.owners = owners;
            this.values = values;
        }

        @Override
        public void accept(CodeBuilder b, CodeElement e) {
            if (held != null) {
                if (e instanceof FieldInstruction f && f.opcode() == Opcode.GETFIELD && owners.contains(f.owner().asSymbol())
                        && f.typeSymbol().equals(ConstantDescs.CD_int) && values.containsKey(f.name().stringValue())) {
                    held = null;
                    b.loadConstant(values.get(f.name().stringValue()));
                    return;
                }
                b.with(held);
                held = null;
            }
            if (e instanceof LoadInstruction l && l.slot() == 0 && l.opcode().kind() == Opcode.Kind.LOAD && l.typeKind() == TypeKind.REFERENCE) {
                held = e;
                return;
            }
            b.with(e);
        }

        @Override
        public void atEnd(CodeBuilder b) {
            if (held != null) b.with(held);
            held = null;
        }
    }
}
