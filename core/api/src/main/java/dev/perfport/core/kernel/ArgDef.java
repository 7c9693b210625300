package dev.perfport.core.kernel;

import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.memory.ElemType;

import java.util.Objects;

/**
 * One kernel argument. Its memory level says what the launch passes:
 * <ul>
 *   <li>{@link MemoryLevel#GLOBAL}, {@link MemoryLevel#CONSTANT}: a {@code DeviceBuffer} of {@link #type()};</li>
 *   <li>{@link MemoryLevel#LOCAL}, {@link MemoryLevel#STATIC_LOCAL}: a {@link LocalSize} (element count);</li>
 *   <li>{@link MemoryLevel#PRIVATE}: a scalar value of {@link #type()}, passed by value.</li>
 * </ul>
 *
 * @param name   the argument's name, unique in its definition
 * @param level  its memory level
 * @param type   its element type
 * @param access how the kernel uses it (null: read)
 */
public record ArgDef(String name, MemoryLevel level, ElemType type, Access access) {
    /** Checks the parts; a null access means read. */
    public ArgDef {
        Objects.requireNonNull(name);
        Objects.requireNonNull(level);
        Objects.requireNonNull(type);
        access = access == null ? Access.READ : access;
    }

    @Override
    public String toString() {
        return level.name().toLowerCase() + " " + type.clName() + " " + name;
    }
}
