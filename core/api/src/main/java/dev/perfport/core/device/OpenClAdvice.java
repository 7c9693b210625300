package dev.perfport.core.device;

/**
 * What every OpenCL route (jocl, aparapi) says when OpenCL is missing, so that they give the
 * same advice: the library that is missing, or the driver, and the packages that provide them.
 */
public final class OpenClAdvice {
    /**
     * The packages to install (Debian and Ubuntu names): the ICD loader and PoCL, a CPU driver. The
     * loader's -dev package, because JOCL loads {@code libOpenCL.so}, which only it provides
     * (Aparapi loads {@code libOpenCL.so.1}, which it brings too).
     */
    public static final String INSTALL = "install an OpenCL ICD loader and a driver, e.g. the ocl-icd-opencl-dev and"
            + " pocl-opencl-icd packages";

    /** No OpenCL driver (platform) is registered with the loader. */
    public static final String NO_PLATFORM = "no OpenCL platform found (" + INSTALL + ")";

    private OpenClAdvice() {
    }

    /**
     * {@return the reason for an OpenCL library that cannot be loaded}
     *
     * @param library the library's file name, e.g. {@code libOpenCL.so.1}
     */
    public static String noLibrary(String library) {
        return "no OpenCL library: " + library + " cannot be loaded (" + INSTALL + ")";
    }
}
