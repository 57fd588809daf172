package dev.dbit;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The packages show the architecture: the public API in {@code dev.dbit} at the bottom, the
 * implementation in {@code dev.dbit.internal} packages above it, without cycles among them. The one
 * reference from the API upwards is JUnit's registration of the extension on {@link
 * DbIntegrationTest}.
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
}
