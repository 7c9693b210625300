package dev.perfport.cli.report;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * The report's charts, drawn by XChart and written as PNG. (XChart draws text as outlines, so its
 * SVG files are 0.3 to 0.5 MB each; the PNG files are a tenth of that and what a reader needs.)
 */
final class Plots {
    static final int WIDTH = 820, HEIGHT = 480;

    private Plots() {
    }

    static {
        // no display here or on CI
        System.setProperty("java.awt.headless", "true");
    }

    /** A line chart; {@code log2x} draws the x axis logarithmically. */
    static XYChart xy(String title, String x, String y, boolean logX) {
        XYChart c = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(x).yAxisTitle(y).build();
        Styler s = c.getStyler();
        s.setLegendPosition(Styler.LegendPosition.OutsideE);
        s.setChartBackgroundColor(java.awt.Color.WHITE);
        c.getStyler().setXAxisLogarithmic(logX);
        c.getStyler().setMarkerSize(7);
        return c;
    }

    /** Measured points joined by solid lines. */
    static void measured(XYChart c, String name, double[] x, double[] y) {
        XYSeries s = c.addSeries(name, x, y);
        s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        s.setMarker(SeriesMarkers.CIRCLE);
    }

    /** Measured points joined by solid lines, with error bars of ± {@code err} (the sd of the runs); without them where err is null. */
    static void measured(XYChart c, String name, double[] x, double[] y, double[] err) {
        if (err == null) {
            measured(c, name, x, y);
            return;
        }
        XYSeries s = c.addSeries(name, x, y, err);
        s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        s.setMarker(SeriesMarkers.CIRCLE);
    }

    /** A fitted model as a dashed line without markers. */
    static void model(XYChart c, String name, double[] x, double[] y) {
        XYSeries s = c.addSeries(name, x, y);
        s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        s.setMarker(SeriesMarkers.NONE);
        s.setLineStyle(SeriesLines.DASH_DASH);
    }

    /** A bar chart of one series per device over the categories. */
    static CategoryChart bars(String title, String x, String y) {
        CategoryChart c = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(x).yAxisTitle(y).build();
        c.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        c.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        return c;
    }

    static void bar(CategoryChart c, String name, List<String> categories, List<Double> values) {
        c.addSeries(name, categories, values);
    }

    /** Writes {@code dir/file} (a name ending in .png) at 120 dpi, through a temporary file, so no half-written picture is left; returns the file. */
    static Path png(org.knowm.xchart.internal.chartpart.Chart<?, ?> chart, Path dir, String file) {
        Path f = dir.resolve(file);
        Path tmp = dir.resolve("." + file + ".tmp.png");
        try {
            try {
                // XChart appends .png to the name it is given
                BitmapEncoder.saveBitmapWithDPI(chart, tmp.toString().substring(0, tmp.toString().length() - 4), BitmapEncoder.BitmapFormat.PNG, 120);
                Files.move(tmp, f, StandardCopyOption.REPLACE_EXISTING);
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + f + ": " + e.getMessage(), e);
        }
        return f;
    }

    /** Why a plot failed, in one line: the innermost cause that says something. */
    static String reason(Throwable e) {
        Throwable t = e;
        while (t.getMessage() == null && t.getCause() != null && t.getCause() != t) t = t.getCause();
        String m = t.getMessage();
        String s = t.getClass().getSimpleName() + (m == null ? "" : ": " + m);
        return s.replaceAll("\\s*\\R\\s*", " ");
    }
}
