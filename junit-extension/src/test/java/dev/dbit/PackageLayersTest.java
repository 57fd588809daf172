package dev.dbit;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The packages show the architecture: the public API in {@code dev.dbit} at the bottom, the
 * implementation in {@code dev.dbit.internal} packages above it in layers, without cycles among
 * them and without a reference from a lower layer to a higher one. The one reference from the API
 * upwards is JUnit's registration of the extension on {@link DbIntegrationTest}.
 */
class PackageLayersTest {
  private static JavaClasses main;

  @BeforeAll
  static void importMainClasses() {
    main =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.dbit");
  }

  @Test
  void implementationPackagesFormNoCycle() {
    slices().matching("dev.dbit.(**)").should().beFreeOfCycles().check(main);
  }

  @Test
  void theApiDependsOnTheImplementationOnlyThroughTheExtensionsRegistration() {
    noClasses()
        .that()
        .resideInAPackage("dev.dbit")
        .and()
        .doNotHaveFullyQualifiedName(DbIntegrationTest.class.getName())
        .should()
        .dependOnClassesThat()
        .resideInAPackage("dev.dbit.internal..")
        .check(main);
  }

  /**
   * From the top: JUnit's and Spring's adapters; the run of one worker; the work a run does (reset,
   * measurement, judgement, template, reports); what all of it stands on (connections, servers,
   * settings, logging).
   */
  @Test
  void noLayerReachesUp() {
    layeredArchitecture()
        .consideringOnlyDependenciesInLayers()
        .layer("adapters")
        .definedBy("dev.dbit.internal.extension..", "dev.dbit.internal.spring..")
        .layer("run")
        .definedBy("dev.dbit.internal.run..")
        .layer("work")
        .definedBy(
            "dev.dbit.internal.doctor..",
            "dev.dbit.internal.reset..",
            "dev.dbit.internal.binlog..",
            "dev.dbit.internal.stall..",
            "dev.dbit.internal.measure..",
            "dev.dbit.internal.template..",
            "dev.dbit.internal.report..",
            "dev.dbit.internal.shape..")
        .layer("base")
        .definedBy(
            "dev.dbit.internal.jdbc..",
            "dev.dbit.internal.server..",
            "dev.dbit.internal.config..",
            "dev.dbit.internal.logging..")
        .whereLayer("adapters")
        .mayNotBeAccessedByAnyLayer()
        .whereLayer("run")
        .mayOnlyBeAccessedByLayers("adapters")
        .whereLayer("work")
        .mayOnlyBeAccessedByLayers("adapters", "run")
        .check(main);
  }

  @Test
  void everyImplementationClassLivesInAPackageNamedForItsJob() {
    noClasses()
        .that()
        .doNotHaveSimpleName("package-info")
        .should()
        .resideInAPackage("dev.dbit.internal")
        .check(main);
  }
}
